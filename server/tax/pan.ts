// A person's PAN at rest: the PAN and the name on it sealed together under SECRETS_KEY, bound to the
// person's id (a sealed value copied to another person's row does not open), and the masked form
// people are shown. The same sealed text is kept on each withholding made against it.
import { openSecret, sealSecret } from '../admin-security/secret-box.ts';

export interface Pan {
  pan: string;
  name: string;
}

export const panContext = (userId: string) => `pan:${userId}`;

export function sealPan(key: Buffer, userId: string, pan: Pan): string {
  return sealSecret(key, JSON.stringify({ pan: pan.pan, name: pan.name }), panContext(userId));
}

export function openPan(key: Buffer, userId: string, sealed: string): Pan {
  const value = JSON.parse(openSecret(key, sealed, panContext(userId))) as Partial<Pan>;
  if (typeof value.pan !== 'string' || typeof value.name !== 'string') throw new Error('a sealed PAN is not {pan, name}');
  return { pan: value.pan, name: value.name };
}

/** ABCPE1234F -> ABXXXXXX4F: the first two and last two characters, enough to recognise it. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 2)}${'X'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-2)}`;
}

/** Form 26Q's deductee code: 01 for a company (fourth character C), 02 for everyone else. */
export function deducteeCode(pan: string | null): '01' | '02' {
  return pan?.[3] === 'C' ? '01' : '02';
}
