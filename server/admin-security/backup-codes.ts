// Backup codes: 10 random one-time codes like "k7m2-x9qa" from an alphabet without look-alikes
// (no 0/o, 1/l/i). Only an HMAC under the secrets key is stored: the codes carry ~40 bits each,
// so the keyed hash keeps a stolen database from being brute-forced offline.
import { createHmac, randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '../../contract/constants.ts';

const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let raw = '';
    for (let i = 0; i < 8; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
    codes.add(`${raw.slice(0, 4)}-${raw.slice(4)}`);
  }
  return [...codes];
}

/** Users may type codes in any case, with or without the dash or spaces. */
export function normalizeBackupCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function hashBackupCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(`backup-code:${normalizeBackupCode(code)}`).digest('hex');
}
