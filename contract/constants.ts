// Business constants of the spec (section 9). Economics are settings on the server; these are the
// defaults and the fixed limits that do not change at run time.

export const DEFAULT_ECONOMICS = {
  activationFeePaise: 50_000n,
  referralRewardPaise: 40_000n,
  referralsPerSpin: 5,
  minWithdrawalPaise: 10_000n,
} as const;

/** The 8 wheel segments, in rupees, in wheel order. */
export const DEFAULT_WHEEL_SEGMENTS_RUPEES = [20, 50, 100, 500, 250, 1000, 200, 50000] as const;
/** Default weights: everything on the 200 segment, which is what the spec observed users winning. */
export const DEFAULT_WHEEL_WEIGHTS = [0, 0, 0, 0, 0, 0, 1, 0] as const;

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_S = 60;
export const OTP_MAX_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_MS = 10 * 60 * 1000;

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const USER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A user session unused this long ends, whatever its absolute lifetime left. */
export const USER_SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** How stale a session's last-used time may get before a request refreshes it. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Changing an admin's 2FA or passkeys needs a sign-in at most this old (step-up). */
export const ADMIN_RECENT_SIGN_IN_MS = 15 * 60 * 1000;

export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_LENGTH = 10;

export const PAYMENT_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const WITHDRAWAL_SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;

export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI virtual payment address, `name@handle` (e.g. priya@okhdfcbank). */
export const UPI_ID_RE = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const UTR_RE = /^\d{12}$/;
export const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/;

/** The synthetic e-mail domain the spec's client appends to a mobile number to log in. */
export const PHONE_EMAIL_DOMAIN = 'phone.referralhub.local';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const BACKUP_CODE_COUNT = 10;
export const DEFAULT_ADMIN_DEVICE_NAME = 'Admin Device';

/**
 * The privacy policy's version. Change it with the policy's text: every signed-in person is then
 * asked to accept it again (and sign-up forms send the version they showed). Kept here, without
 * zod, so the first screen's bundle can read it.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-24';
