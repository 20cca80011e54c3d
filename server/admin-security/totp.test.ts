// TOTP against the RFC 6238 appendix B vectors (SHA-1, last 6 digits) and the otpauth:// URI.
import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpUri } from './totp.ts';

// "12345678901234567890" in base32, the RFC's SHA-1 seed.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('matches the RFC 6238 vectors and answers the time step', () => {
    expect(matchTotpStep(RFC_SECRET, '287082', new Date(59_000))).toBe(1);
    expect(matchTotpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000))).toBe(37_037_036);
    expect(matchTotpStep(RFC_SECRET, '005924', new Date(1_234_567_890_000))).toBe(41_152_263);
  });

  it('accepts one step either side and nothing further', () => {
    const at = new Date(1_111_111_109_000); // step 37037036, code 081804
    expect(matchTotpStep(RFC_SECRET, '081804', new Date(at.getTime() + 30_000))).toBe(37_037_036);
    expect(matchTotpStep(RFC_SECRET, '081804', new Date(at.getTime() - 30_000))).toBe(37_037_036);
    expect(matchTotpStep(RFC_SECRET, '081804', new Date(at.getTime() + 60_000))).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '081804', new Date(at.getTime() - 60_000))).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '08180', at)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', at)).toBeNull();
  });

  it('builds the otpauth URI with issuer and label', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'Referral Hub', 'admin@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Referral Hub:admin@example.com');
    expect(uri.searchParams.get('issuer')).toBe('Referral Hub');
    expect(uri.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
