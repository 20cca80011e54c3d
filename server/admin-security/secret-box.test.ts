// Sealed secrets open only with the same key and only unaltered.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);

  it('round-trips and never repeats a ciphertext', () => {
    const a = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    const b = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, an altered value and garbage', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => openSecret(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
    expect(() => openSecret(key, 'nonsense')).toThrow();
    expect(() => sealSecret(randomBytes(16), 'x')).toThrow();
  });

  it('opens only in the context it was sealed for', () => {
    const sealed = sealSecret(key, 'secret', 'totp:user-a');
    expect(openSecret(key, sealed, 'totp:user-a')).toBe('secret');
    expect(() => openSecret(key, sealed, 'totp:user-b')).toThrow();
  });
});
