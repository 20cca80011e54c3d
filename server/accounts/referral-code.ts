// Referral codes: 8 characters from an uppercase alphabet without look-alikes (no 0/O, 1/I/L),
// unique across users; a collision (about 1 in 10^12 per pair) just draws again.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export function drawReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code no user holds yet (checked inside the caller's transaction; the unique index is the backstop). */
export async function newReferralCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = drawReferralCode();
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
    if (taken.length === 0) return code;
  }
  throw new Error('could not draw a free referral code');
}
