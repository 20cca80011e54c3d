// Test fixtures built through the public API only (never by writing rows): an admin, users who
// registered with a referral code and verified their SMS code, activated users.
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

let phoneSeq = 0;
/** A fresh valid Indian mobile number, unique within the test process. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(6, '0')}`;
}

export const ADMIN = {
  username: 'admin',
  email: 'admin@example.com',
  password: 'Admin@12345',
  phone: '9000000001',
};

export interface SignedIn {
  token: string;
  user: {
    id: string;
    username: string;
    phone: string | null;
    email: string | null;
    referralCode: string;
    walletBalance: string;
    successfulReferrals: number;
    totalEarnings: string;
    spinsAvailable: number;
    isActivated: boolean;
    isAdmin: boolean;
    createdAt: string;
  };
}

/** Creates the first admin (or signs in if it exists) and returns its session. */
export async function createAdmin(s: TestServer): Promise<SignedIn & { password: string; email: string }> {
  const setup = await s.api('POST', '/api/admin/setup', { body: ADMIN });
  expect([201, 409]).toContain(setup.status);
  const login = await s.api('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...login.body, password: ADMIN.password, email: ADMIN.email };
}

export interface RegisteredUser extends SignedIn {
  phone: string;
  password: string;
}

/** Registers with a referral code, reads the SMS code from the dev outbox, verifies it. */
export async function registerUser(
  s: TestServer,
  referralCode: string,
  overrides: { username?: string; email?: string; password?: string; phone?: string } = {},
): Promise<RegisteredUser> {
  const phone = overrides.phone ?? nextPhone();
  const password = overrides.password ?? 'secret123';
  const reg = await s.api('POST', '/api/register', {
    body: { username: overrides.username ?? `user${phone.slice(-4)}`, phone, email: overrides.email, password, referralCode },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const code = await s.lastCode(phone);
  const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...verified.body, phone, password };
}

/** Activates a user directly as the admin (pays the referrer's reward like an approved payment). */
export async function activateUser(s: TestServer, adminToken: string, userId: string): Promise<void> {
  const res = await s.api('PUT', `/api/admin/users/${userId}/activate`, { token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A registered, activated user referred by `referralCode`. */
export async function createActivatedUser(s: TestServer, adminToken: string, referralCode: string): Promise<RegisteredUser> {
  const u = await registerUser(s, referralCode);
  await activateUser(s, adminToken, u.user.id);
  const me = await s.api('GET', '/api/user', { token: u.token });
  return { ...u, user: me.body };
}

/** A small valid PNG (1x1), for upload tests. */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export function pngFile(name = 'proof.png', bytes: Buffer = PNG_1X1, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type: type });
}
