// Admin TOTP 2FA: setup (pending secret + QR), verification that enables it and hands out backup
// codes once, the password + code sign-in, the security status and the CLI reset. Every "use once"
// rule is a conditional UPDATE, so two parallel requests with one code cannot both pass.
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { adminTwoFactor, backupCodes, passkeys } from '../db/schema.ts';
import { badRequest, notFound, unauthenticated } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { revokeAllSessions } from '../sessions/sessions.service.ts';
import type { SecurityStatus, TwoFactorLoginRequest, TwoFactorSetupResponse, TwoFactorVerifyResponse } from '../../contract/admin-security.ts';
import type { User } from '../../contract/accounts.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.ts';
import { hashBackupCode, newBackupCodes } from './backup-codes.ts';
import { findAdminByEmail, issueAdminSession, recordSignInFailure, takeAdminSignInGuess, verifyAdminPassword, type SignInMeta } from './admin-sign-in.ts';
import { clearSignInFailures } from '../accounts/login-throttle.ts';

export const INVALID_VERIFICATION_CODE = 'Invalid verification code';

/** Associated data for a sealed TOTP secret: it opens only in its owner's row. */
export const totpContext = (userId: string) => `totp:${userId}`;

interface Actor {
  id: string;
  email: string | null;
  username: string;
}

/** Starts (or restarts) setup: a fresh pending secret; the enabled one, if any, stays until verify. */
export async function setupTwoFactor(ctx: AppContext, admin: Actor): Promise<TwoFactorSetupResponse> {
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.secretsKey, secret, totpContext(admin.id));
  const at = ctx.now();
  await ctx.db
    .insert(adminTwoFactor)
    .values({ userId: admin.id, pendingSecretEnc: sealed, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: adminTwoFactor.userId, set: { pendingSecretEnc: sealed, updatedAt: at } });
  const uri = totpUri(secret, ctx.config.appName, admin.email ?? admin.username);
  const qrCode = await (await import('qrcode')).default.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrCode, secret };
}

/** A correct code for the pending secret enables 2FA and returns new backup codes (shown once). */
export async function verifyTwoFactor(ctx: AppContext, admin: Actor, code: string, ip?: string): Promise<TwoFactorVerifyResponse> {
  const rows = await ctx.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.userId, admin.id)).limit(1);
  const pending = rows[0]?.pendingSecretEnc;
  if (!pending) throw badRequest('Set up two-factor authentication first');
  const secret = openSecret(ctx.secretsKey, pending, totpContext(admin.id));
  const at = ctx.now();
  const step = matchTotpStep(secret, code, at);
  if (step === null) throw badRequest(INVALID_VERIFICATION_CODE, 'INVALID_OTP');

  const codes = newBackupCodes();
  const enabled = await ctx.db.transaction(async (tx) => {
    // Only the pending secret we just checked may be promoted (a parallel setup would have replaced it).
    const moved = await tx
      .update(adminTwoFactor)
      .set({ secretEnc: pending, pendingSecretEnc: null, enabledAt: at, lastUsedStep: step, updatedAt: at })
      .where(and(eq(adminTwoFactor.userId, admin.id), eq(adminTwoFactor.pendingSecretEnc, pending)))
      .returning({ userId: adminTwoFactor.userId });
    if (moved.length === 0) return false;
    await tx.delete(backupCodes).where(eq(backupCodes.userId, admin.id));
    await tx.insert(backupCodes).values(
      codes.map((c) => ({ id: newId(), userId: admin.id, codeHash: hashBackupCode(ctx.secretsKey, c), createdAt: at })),
    );
    await recordAudit(tx, { actorId: admin.id, action: 'admin.2fa_enabled', targetType: 'user', targetId: admin.id, ip, at });
    return true;
  });
  if (!enabled) throw badRequest(INVALID_VERIFICATION_CODE, 'INVALID_OTP');
  return { backupCodes: codes };
}

async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<{ secretEnc: string } | null> {
  const rows = await db
    .select({ secretEnc: adminTwoFactor.secretEnc, enabledAt: adminTwoFactor.enabledAt })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.userId, userId))
    .limit(1);
  const row = rows[0];
  return row?.enabledAt && row.secretEnc ? { secretEnc: row.secretEnc } : null;
}

/** Accepts the TOTP code once: the step must be newer than the last accepted one (atomic). */
async function consumeTotp(ctx: AppContext, userId: string, secretEnc: string, code: string): Promise<boolean> {
  const step = matchTotpStep(openSecret(ctx.secretsKey, secretEnc, totpContext(userId)), code, ctx.now());
  if (step === null) return false;
  const updated = await ctx.db
    .update(adminTwoFactor)
    .set({ lastUsedStep: step, updatedAt: ctx.now() })
    .where(
      and(
        eq(adminTwoFactor.userId, userId),
        eq(adminTwoFactor.secretEnc, secretEnc),
        or(isNull(adminTwoFactor.lastUsedStep), lt(adminTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: adminTwoFactor.userId });
  return updated.length === 1;
}

async function consumeBackupCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const updated = await ctx.db
    .update(backupCodes)
    .set({ usedAt: ctx.now() })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, hashBackupCode(ctx.secretsKey, code)), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return updated.length === 1;
}

/**
 * Password plus (when 2FA is on) an authenticator code or a backup code. Without 2FA enabled the
 * password alone signs in. Each request takes one guess from the account's sign-in budget before
 * anything is checked (shared with /api/login); only a completed sign-in gives the budget back.
 */
export async function signInWithTwoFactor(ctx: AppContext, input: TwoFactorLoginRequest, meta: SignInMeta): Promise<{ token: string; user: User }> {
  const email = input.email;
  const key = await takeAdminSignInGuess(ctx, email);
  const admin = await findAdminByEmail(ctx.db, email);
  const passwordOk = await verifyAdminPassword(admin, input.password);
  if (!admin || !passwordOk) throw await recordSignInFailure(ctx, email, admin, 'password', meta, 'password');

  const twoFactor = await isTwoFactorEnabled(ctx.db, admin.id);
  if (!twoFactor) {
    await clearSignInFailures(ctx.db, key);
    return issueAdminSession(ctx, admin, 'password', meta);
  }
  if (!input.twoFactorToken && !input.backupCode) {
    throw unauthenticated('Enter the code from your authenticator app or a backup code', 'TWO_FACTOR_REQUIRED');
  }
  if (input.twoFactorToken) {
    if (await consumeTotp(ctx, admin.id, twoFactor.secretEnc, input.twoFactorToken)) {
      await clearSignInFailures(ctx.db, key);
      return issueAdminSession(ctx, admin, 'totp', meta);
    }
    throw await recordSignInFailure(ctx, email, admin, 'totp', meta, 'totp');
  }
  if (await consumeBackupCode(ctx, admin.id, input.backupCode!)) {
    await clearSignInFailures(ctx.db, key);
    return issueAdminSession(ctx, admin, 'backup_code', meta);
  }
  throw await recordSignInFailure(ctx, email, admin, 'backup_code', meta, 'backup_code');
}

export async function getSecurityStatus(db: DbOrTx, userId: string): Promise<SecurityStatus> {
  const enabled = await isTwoFactorEnabled(db, userId);
  const rows = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const passkeyCount = Number(rows[0]?.n ?? 0);
  return { twoFactorEnabled: enabled !== null, passkeysEnabled: passkeyCount > 0, passkeyCount };
}

/**
 * Recovery from the command line: turns 2FA off for the admin, deletes the backup codes and ends
 * every session of that admin. Passkeys stay.
 */
export async function resetTwoFactor(db: DbOrTx, email: string, now: Date): Promise<{ adminId: string; wasEnabled: boolean }> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw notFound(`No admin with the e-mail ${email}`);
  const wasEnabled = (await isTwoFactorEnabled(db, admin.id)) !== null;
  await db.transaction(async (tx) => {
    await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.userId, admin.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, admin.id));
    await revokeAllSessions(tx, admin.id, now);
    await recordAudit(tx, {
      actorId: null,
      action: 'admin.2fa_reset',
      targetType: 'user',
      targetId: admin.id,
      details: { via: 'cli', wasEnabled },
      at: now,
    });
  });
  return { adminId: admin.id, wasEnabled };
}
