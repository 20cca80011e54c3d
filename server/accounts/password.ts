// Password hashing with argon2id (m=19456 KiB, t=2, p=1, per DESIGN section 6), and a check that
// spends the same time when the account does not exist so timing does not reveal who has one.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2_OPTIONS = {
  // Algorithm is a const enum in the binding's types; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Made once per process, up front, so the first unknown-user sign-in is not the slow one.
let dummyHash: Promise<string> | null = null;
export function warmDummyHash(): void {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
}

/** Verifies a password; with no stored hash, verifies against a throwaway one and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    warmDummyHash();
    await verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
