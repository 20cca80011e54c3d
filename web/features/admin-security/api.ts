// Calls of the admin sign-in screens: first-admin setup, password and 2FA sign-in, 2FA enrolment,
// security status and passkeys (WebAuthn through @simplewebauthn/browser).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AdminSetupRequest, AuthResponse } from '../../../contract/accounts.ts';
import type { SecurityStatus, TwoFactorSetupResponse, TwoFactorVerifyResponse } from '../../../contract/admin-security.ts';
import { api } from '../../lib/api-client.ts';

/** The last admin e-mail used on this device, so the sign-in form can prefill it. */
export const LAST_ADMIN_EMAIL_KEY = 'admin.lastEmail';

export function readLastAdminEmail(): string {
  try {
    return localStorage.getItem(LAST_ADMIN_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberAdminEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(LAST_ADMIN_EMAIL_KEY, email);
    else localStorage.removeItem(LAST_ADMIN_EMAIL_KEY);
  } catch {
    // Storage unavailable: the form simply starts empty next time.
  }
}

export const adminSetupStatusQuery = () =>
  queryOptions({ queryKey: ['/api/admin/setup'], queryFn: ({ signal }) => api.get<{ exists: boolean }>('/api/admin/setup', { signal }) });

export function useAdminSetupStatus() {
  return useQuery(adminSetupStatusQuery());
}

export const createFirstAdmin = (input: AdminSetupRequest) => api.post<{ exists: true }>('/api/admin/setup', input);

export const signInWithPassword = (email: string, password: string) => api.post<AuthResponse>('/api/login', { email, password });

export const signInWithSecondFactor = (input: { email: string; password: string; twoFactorToken?: string; backupCode?: string }) =>
  api.post<AuthResponse>('/api/admin/2fa/login', input);

export const beginTwoFactorSetup = () => api.post<TwoFactorSetupResponse>('/api/admin/2fa/setup');

export const confirmTwoFactor = (token: string) => api.post<TwoFactorVerifyResponse>('/api/admin/2fa/verify', { token });

export const securityStatusQuery = () =>
  queryOptions({ queryKey: ['/api/admin/security/status'], queryFn: ({ signal }) => api.get<SecurityStatus>('/api/admin/security/status', { signal }) });

export function useSecurityStatus(enabled: boolean) {
  return useQuery({ ...securityStatusQuery(), enabled });
}

/** Creates a passkey on this device and stores it for the signed-in admin. */
export async function registerPasskey(deviceName: string): Promise<void> {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/admin/passkey/register/begin', { deviceName });
  const credential = await startRegistration({ optionsJSON });
  await api.post('/api/admin/passkey/register/finish', { credential, deviceName });
}

/** Signs in with a passkey for this admin e-mail; returns the new session. */
export async function signInWithPasskey(email: string): Promise<AuthResponse> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/admin/passkey/auth/begin', { email });
  const credential = await startAuthentication({ optionsJSON });
  return api.post<AuthResponse>('/api/admin/passkey/auth/finish', { credential, email });
}
