// Test fixtures built through the public API only (never by writing rows): an admin, users who
// registered with a referral code and verified their SMS code, activated users.
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/privacy.ts';

let phoneSeq = 0;
/**
 * A fresh valid Indian mobile number, unique within the test process. The process's digits are
 * never 000, so it cannot be the admin's fixed 9000000001 (a worker whose pid ended in 000 once
 * signed up a user with the admin's number and got 409).
 */
export function nextPhone(): string {
  phoneSeq += 1;
  return `9${String((process.pid % 999) + 1).padStart(3, '0')}${String(phoneSeq).padStart(6, '0')}`;
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
export async function createAdmin(s: ApiClient): Promise<SignedIn & { password: string; email: string }> {
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
  s: ApiClient,
  referralCode: string,
  overrides: { username?: string; email?: string; password?: string; phone?: string } = {},
): Promise<RegisteredUser> {
  const phone = overrides.phone ?? nextPhone();
  const password = overrides.password ?? 'secret123';
  const reg = await s.api('POST', '/api/register', {
    body: { username: overrides.username ?? `user${phone.slice(-4)}`, phone, email: overrides.email, password, referralCode, policyVersion: PRIVACY_POLICY_VERSION },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const code = await s.lastCode(phone);
  const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...verified.body, phone, password };
}

let utrSeq = 0;
/** A fresh 12-digit UTR, unique within the test process. */
export function nextUtr(): string {
  utrSeq += 1;
  return `4${String(process.pid % 100_000).padStart(5, '0')}${String(utrSeq).padStart(6, '0')}`;
}

/** Submits a payment proof (screenshot + fresh UTR) as the user; returns the pending payment. */
export async function submitPaymentProof(s: ApiClient, userToken: string, utr = nextUtr()): Promise<{ id: string; utrNumber: string }> {
  const form = new FormData();
  form.set('screenshot', pngFile());
  form.set('utrNumber', utr);
  const res = await s.upload('POST', '/api/submit-manual-payment', form, { token: userToken });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * Activates a user the way the product does: the user submits a payment proof and the admin
 * approves it (the fee is recorded and the referrer is paid).
 */
export async function activateUser(s: ApiClient, adminToken: string, user: { token: string }): Promise<void> {
  const payment = await submitPaymentProof(s, user.token);
  const res = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: adminToken, body: { status: 'approved' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Activates a user directly (PUT /api/admin/users/:id/activate): a fee waiver, rewarded only if the settings say so. */
export async function activateDirectly(s: ApiClient, adminToken: string, userId: string, reason?: string): Promise<void> {
  const res = await s.api('PUT', `/api/admin/users/${userId}/activate`, { token: adminToken, ...(reason ? { body: { reason } } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A registered user referred by `referralCode`, activated by an approved payment. */
export async function createActivatedUser(s: ApiClient, adminToken: string, referralCode: string): Promise<RegisteredUser> {
  const u = await registerUser(s, referralCode);
  await activateUser(s, adminToken, u);
  const me = await s.api('GET', '/api/user', { token: u.token });
  return { ...u, user: me.body };
}

/** A small valid PNG (1x1), for upload tests. */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

let pngSeq = 0;
/**
 * PNG_1X1 with a text chunk that makes its bytes unique: every person's proof is their own
 * screenshot (one file on several accounts' proofs is a fraud signal, screenshot_reused).
 */
export function uniquePng(): Buffer {
  pngSeq += 1;
  const data = Buffer.from(`Comment\0proof ${process.pid}-${pngSeq}-${Date.now()}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const iend = PNG_1X1.length - 12;
  return Buffer.concat([PNG_1X1.subarray(0, iend), length, type, data, crc, PNG_1X1.subarray(iend)]);
}

export function pngFile(name = 'proof.png', bytes: Buffer = uniquePng(), type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type: type });
}

let adminSeq = 0;
/**
 * A further admin, the way the product makes one: a Super Admin's invitation, accepted through
 * the public link, then a password sign-in. `withTwoFactor` also sets up TOTP (a reviewer must
 * before reviewing), with codes from the test's independent implementation.
 */
export async function inviteAdmin(
  s: ApiClient,
  superAdminToken: string,
  role: 'super_admin' | 'reviewer',
  opts: { withTwoFactor?: boolean; now?: () => number } = {},
): Promise<SignedIn & { email: string; password: string }> {
  adminSeq += 1;
  const email = `admin${adminSeq}-${process.pid}@example.com`;
  const invited = await s.api('POST', '/api/admin/invitations', { token: superAdminToken, body: { email, role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = new URL(invited.body.link).searchParams.get('token');
  const password = 'Reviewer@123';
  const accepted = await s.api('POST', '/api/admin/invitations/accept', {
    body: { token, username: `${role}${adminSeq}`, password, phone: nextPhone() },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const login = await s.api('POST', '/api/login', { body: { email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  if (opts.withTwoFactor) {
    const { totp } = await import('./independent-totp.ts');
    const setup = await s.api('POST', '/api/admin/2fa/setup', { token: login.body.token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const code = totp(setup.body.secret, opts.now?.() ?? Date.now());
    const verified = await s.api('POST', '/api/admin/2fa/verify', { token: login.body.token, body: { token: code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  }
  return { ...login.body, email, password };
}
