// Secrets at rest (TOTP secrets): AES-256-GCM under the app's secrets key, stored as one text
// value "v1.<iv>.<tag>.<ciphertext>" (base64url). A tampered or foreign value fails to open; the
// `context` (e.g. the owner's id) is bound as associated data, so a value copied to another row
// fails too.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string, context = ''): string {
  if (key.length !== 32) throw new Error('secrets key must be 32 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or throws when the value was not sealed with this key (or was altered). */
export function openSecret(key: Buffer, sealed: string, context = ''): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
