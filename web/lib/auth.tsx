// Session state (spec section 4): the token lives in localStorage; on load the user is fetched when a
// token exists and any failure logs out. The user sits in the query cache under '/api/user' so
// screens can refresh it with invalidateQueries({ queryKey: USER_QUERY_KEY }).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../contract/accounts.ts';
import { api, getToken, isTransientError, setToken } from './api-client.ts';
import { reconcileAccountLanguage } from './account-language.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { t } from '../i18n/t.ts';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** A sign-in answer without a session: its message ('Invalid response from server') is shown as is. */
export class InvalidResponseError extends Error {
  constructor() {
    super(t('auth.errors.invalidResponse'));
    this.name = 'InvalidResponseError';
  }
}

export interface RegisterInput {
  username: string;
  phone: string;
  email?: string;
  password: string;
  referralCode: string;
  /** The privacy notice version the person accepted on the form. */
  policyVersion: string;
}

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Phone + password login; throws ApiError, or InvalidResponseError. */
  login(phone: string, password: string): Promise<User>;
  /** Stores a session obtained elsewhere (OTP verification, admin 2FA, passkey). */
  acceptSession(token: string, user?: User | null): Promise<void>;
  logout(): Promise<void>;
  register(input: RegisterInput): Promise<{ userId: string }>;
  verifyOtp(userId: string, otpCode: string): Promise<User | null>;
  resendOtp(userId: string): Promise<void>;
  refreshUser(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * How the signed-in person is fetched: by the provider, and by the app's start (main.tsx) before
 * its first render, beside the texts and the screen's modules, so the same request serves both.
 */
export function userQueryOptions() {
  return {
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<User>('/api/user', { signal }),
    // A database blip (503) or a dropped connection is not a reason to lose the session: retry for
    // about half a minute before the spec's silent logout. Every other failure logs out at once.
    retry: (failures: number, err: unknown) => failures < 5 && isTransientError(err),
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000),
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => getToken());

  const userQuery = useQuery<User>({ ...userQueryOptions(), enabled: Boolean(token) });

  const clearSession = useCallback(() => {
    setToken(null);
    setTokenState(null);
    queryClient.removeQueries();
  }, [queryClient]);

  // Any failure of the current-user fetch is a silent logout.
  useEffect(() => {
    if (token && userQuery.isError) clearSession();
  }, [token, userQuery.isError, clearSession]);

  const acceptSession = useCallback(
    async (newToken: string, user?: User | null) => {
      setToken(newToken);
      if (user) queryClient.setQueryData(USER_QUERY_KEY, user);
      else await queryClient.fetchQuery({ queryKey: USER_QUERY_KEY, queryFn: () => api.get<User>('/api/user') });
      setTokenState(newToken);
    },
    [queryClient],
  );

  const login = useCallback(
    async (phone: string, password: string) => {
      const res = await api.post<{ token?: string; user?: User }>('/api/login', { phone, password });
      if (!res?.token || !res.user) throw new InvalidResponseError();
      await acceptSession(res.token, res.user);
      return res.user;
    },
    [acceptSession],
  );

  const logout = useCallback(async () => {
    try {
      if (getToken()) await api.post('/api/logout');
    } catch {
      // The local session ends either way.
    }
    clearSession();
  }, [clearSession]);

  const register = useCallback((input: RegisterInput) => api.post<{ userId: string }>('/api/register', { ...input, language: currentLanguage() }), []);

  const verifyOtp = useCallback(
    async (userId: string, otpCode: string) => {
      const res = await api.post<{ token?: string; user?: User }>('/api/verify-otp', { userId, otpCode });
      if (!res?.token) throw new InvalidResponseError();
      await acceptSession(res.token, res.user ?? null);
      return res.user ?? null;
    },
    [acceptSession],
  );

  const resendOtp = useCallback(async (userId: string) => {
    await api.post('/api/resend-otp', { userId });
  }, []);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [queryClient]);

  const user = token ? (userQuery.data ?? null) : null;

  // Once per signed-in account: the device's and the account's language agree.
  const userId = user?.id;
  useEffect(() => {
    if (user) reconcileAccountLanguage(user);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per account, not per refresh
  }, [userId]);
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: Boolean(token) && userQuery.isPending && !userQuery.isError,
      isAuthenticated: Boolean(user),
      login,
      acceptSession,
      logout,
      register,
      verifyOtp,
      resendOtp,
      refreshUser,
    }),
    [user, token, userQuery.isPending, userQuery.isError, login, acceptSession, logout, register, verifyOtp, resendOtp, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
