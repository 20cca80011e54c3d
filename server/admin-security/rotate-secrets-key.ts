// Rotating SECRETS_KEY. What it protects: admins' TOTP secrets, the ledger's seal key and people's
// PANs (on their profile and on each withholding; sealed, re-sealed here under the new key), backup codes (stored as keyed digests of codes we never keep, so they cannot be carried
// over: they are deleted and each admin makes new ones by setting up 2FA again) and SMS codes in
// flight (10 minutes; people ask for a new one). One transaction: a wrong old key changes nothing.
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminTwoFactor, backupCodes, taxWithholdings, userPans, users } from '../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resealSealKey } from '../ledger/ledger-seal.ts';
import { panContext } from '../tax/pan.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { totpContext } from './two-factor.service.ts';

export interface RotationResult {
  /** Admins whose TOTP secret (enabled or pending) was re-sealed. */
  resealed: number;
  /** E-mails of admins who had backup codes: they need new ones. */
  backupCodesCleared: string[];
}

export async function rotateSecretsKey(db: Db, oldKey: Buffer, newKey: Buffer, now: Date): Promise<RotationResult> {
  const reseal = (sealed: string | null, userId: string) => (sealed ? sealSecret(newKey, openSecret(oldKey, sealed, totpContext(userId)), totpContext(userId)) : null);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(adminTwoFactor);
    for (const row of rows) {
      let secretEnc: string | null;
      let pendingSecretEnc: string | null;
      try {
        secretEnc = reseal(row.secretEnc, row.userId);
        pendingSecretEnc = reseal(row.pendingSecretEnc, row.userId);
      } catch {
        throw new Error('a stored TOTP secret does not open with the current key: is SECRETS_KEY (or DATA_DIR/secrets.key) the key in use?');
      }
      await tx.update(adminTwoFactor).set({ secretEnc, pendingSecretEnc, updatedAt: now }).where(eq(adminTwoFactor.userId, row.userId));
    }
    await resealSealKey(tx, oldKey, newKey);
    const resealPan = (sealed: string, userId: string) => sealSecret(newKey, openSecret(oldKey, sealed, panContext(userId)), panContext(userId));
    for (const row of await tx.select({ userId: userPans.userId, sealed: userPans.sealed }).from(userPans)) {
      await tx.update(userPans).set({ sealed: resealPan(row.sealed, row.userId) }).where(eq(userPans.userId, row.userId));
    }
    const withheld = await tx
      .select({ id: taxWithholdings.id, userId: taxWithholdings.userId, sealed: taxWithholdings.panSealed })
      .from(taxWithholdings)
      .where(isNotNull(taxWithholdings.panSealed));
    for (const row of withheld) {
      await tx.update(taxWithholdings).set({ panSealed: resealPan(row.sealed!, row.userId) }).where(eq(taxWithholdings.id, row.id));
    }
    const holders = await tx.selectDistinct({ email: users.email }).from(backupCodes).innerJoin(users, eq(users.id, backupCodes.userId));
    await tx.delete(backupCodes);
    await recordAudit(tx, {
      actorId: null,
      action: 'secrets.rotated',
      targetType: 'app',
      details: { resealed: rows.length, backupCodesCleared: holders.length },
      at: now,
    });
    return { resealed: rows.length, backupCodesCleared: holders.map((h) => h.email ?? '(no e-mail)') };
  });
}
