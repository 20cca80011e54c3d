// Creating the first admin: allowed once, from the public setup page or the CLI. Race-safe: the
// check and the insert run under one advisory lock, so parallel setups make exactly one admin.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AdminSetupRequestSchema, type AdminSetupResponse } from '../../contract/accounts.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { users } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { createWallet } from '../ledger/ledger.service.ts';
import { DUPLICATE_EMAIL_MESSAGE, DUPLICATE_PHONE_MESSAGE, mapUserUniqueViolation } from './accounts.service.ts';
import { hashPassword } from './password.ts';
import { newReferralCode } from './referral-code.ts';
import { getUserResponse } from './user-response.ts';
import { bumpCounters } from '../stats/stat-counters.ts';

/** Any fixed number: the advisory lock held while the first admin is created. */
const ADMIN_SETUP_LOCK_KEY = 727_002;
export const ADMIN_EXISTS_MESSAGE = 'An admin account already exists';

/**
 * Inserts an admin account (activated, phone verified, with a referral code and a wallet) inside
 * the caller's transaction: the first admin, or one who accepted an invitation. 409 when the phone
 * or email is taken.
 */
export async function insertAdminUser(
  tx: DbOrTx,
  admin: { username: string; email: string; phone: string; passwordHash: string; role: 'super_admin' | 'reviewer' },
  now: Date,
): Promise<string> {
  const phoneTaken = await tx.select({ id: users.id }).from(users).where(eq(users.phone, admin.phone)).limit(1);
  if (phoneTaken.length > 0) throw conflict(DUPLICATE_PHONE_MESSAGE, 'DUPLICATE_PHONE');
  const emailTaken = await tx.select({ id: users.id }).from(users).where(eq(users.email, admin.email)).limit(1);
  if (emailTaken.length > 0) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'DUPLICATE_EMAIL');
  const id = newId();
  await tx.insert(users).values({
    id,
    username: admin.username,
    phone: admin.phone,
    email: admin.email,
    passwordHash: admin.passwordHash,
    referralCode: await newReferralCode(tx),
    isAdmin: true,
    adminRole: admin.role,
    isActivated: true,
    activatedAt: now,
    phoneVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await createWallet(tx, id, now);
  await bumpCounters(tx, { users: 1, activated_users: 1 });
  return id;
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return rows.length > 0;
}

/**
 * Creates the first admin (activated, phone verified, with a referral code and a wallet) and
 * records `admin.setup`. 409 ADMIN_EXISTS once any admin exists. Validates its input itself so
 * a CLI can pass raw values.
 */
export async function createFirstAdmin(
  db: Db,
  rawInput: z.input<typeof AdminSetupRequestSchema>,
  now: Date,
  meta: { ip?: string | null } = {},
): Promise<AdminSetupResponse> {
  const input = AdminSetupRequestSchema.parse(rawInput);
  // Cheap refusal before spending a password hash.
  if (await adminExists(db)) throw conflict(ADMIN_EXISTS_MESSAGE, 'ADMIN_EXISTS');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SETUP_LOCK_KEY}::bigint)`);
      if (await adminExists(tx)) throw conflict(ADMIN_EXISTS_MESSAGE, 'ADMIN_EXISTS');
      const id = await insertAdminUser(tx, { ...input, passwordHash, role: 'super_admin' }, now);
      await recordAudit(tx, {
        actorId: id,
        action: 'admin.setup',
        targetType: 'user',
        targetId: id,
        ip: meta.ip ?? null,
        details: { username: input.username, email: input.email },
        at: now,
      });
      return { exists: true as const, user: await getUserResponse(tx, id) };
    });
  } catch (err) {
    throw mapUserUniqueViolation(err);
  }
}
