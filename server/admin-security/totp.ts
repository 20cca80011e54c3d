// TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) for admin 2FA. Validation takes the time
// from the caller (ctx.now()) and answers with the matched time step, so the caller can refuse a
// step that was already used.
import * as OTPAuth from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Accept the previous and next step too: authenticator clocks drift. */
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, issuer = '', label = 'admin'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpFor(secretBase32, issuer, label).toString();
}

/** The time step the code belongs to (within +-1 step of `at`), or null when it matches none. */
export function matchTotpStep(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = at.getTime();
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_S) + delta;
}
