// Admin sign-in hardening calls: TOTP 2FA setup and login, backup codes, passkeys, security
// status and the audit log (Recent Activity). Shared by the web client and the server.
import { z } from 'zod';
import { text } from './text.ts';
import { DEFAULT_ADMIN_DEVICE_NAME, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './constants.ts';
import { UserSchema } from './accounts.ts';

export const TOTP_CODE_RE = /^\d{6}$/;

export const TwoFactorSetupResponseSchema = z.object({
  /** PNG data URL of the otpauth:// URI, for the authenticator app to scan. */
  qrCode: text(),
  /** The same secret in base32, for typing in by hand. */
  secret: text(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorVerifyRequestSchema = z.object({
  token: text({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(TOTP_CODE_RE, { error: 'Enter the 6-digit code from your authenticator app' }),
});
export const TwoFactorVerifyResponseSchema = z.object({ backupCodes: z.array(text()) });
export type TwoFactorVerifyResponse = z.infer<typeof TwoFactorVerifyResponseSchema>;

const optionalCode = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const TwoFactorLoginRequestSchema = z.object({
  email: text({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(254).toLowerCase(),
  password: text({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
  twoFactorToken: optionalCode(6),
  backupCode: optionalCode(32),
});
export type TwoFactorLoginRequest = z.infer<typeof TwoFactorLoginRequestSchema>;

export const AdminAuthResponseSchema = z.object({ token: text(), user: UserSchema });

export const SecurityStatusSchema = z.object({
  twoFactorEnabled: z.boolean(),
  passkeysEnabled: z.boolean(),
  passkeyCount: z.number().int(),
});
export type SecurityStatus = z.infer<typeof SecurityStatusSchema>;

const deviceName = text()
  .trim()
  .max(64, { error: 'Device name must be at most 64 characters' })
  .optional()
  .nullable()
  .transform((v) => (v ? v : DEFAULT_ADMIN_DEVICE_NAME));

export const PasskeyRegisterBeginRequestSchema = z.object({ deviceName });

/** The browser's credential as JSON (base64url fields); its inner shape is checked by the WebAuthn verifier. */
const CredentialJsonSchema = z.looseObject({
  id: text().min(1).max(1024),
  rawId: text().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: text().min(1).max(4096) }),
});

export const PasskeyRegisterFinishRequestSchema = z.object({
  credential: CredentialJsonSchema.extend({
    response: z.looseObject({ clientDataJSON: text().min(1).max(4096), attestationObject: text().min(1).max(16384) }),
  }),
  deviceName,
});

export const PasskeyAuthBeginRequestSchema = z.object({
  email: text({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(254).toLowerCase(),
});

export const PasskeyAuthFinishRequestSchema = z.object({
  credential: CredentialJsonSchema.extend({
    response: z.looseObject({
      clientDataJSON: text().min(1).max(4096),
      authenticatorData: text().min(1).max(4096),
      signature: text().min(1).max(2048),
    }),
  }),
  email: text({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(254).toLowerCase(),
});

export const PasskeyRegisterFinishResponseSchema = z.object({ verified: z.literal(true) });
export const PasskeyAuthFinishResponseSchema = z.object({ verified: z.literal(true), token: text(), user: UserSchema });

export const ActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  cursor: text().max(200).optional(),
});

export const ActivityItemSchema = z.object({
  id: text(),
  action: text(),
  actorId: text().nullable(),
  actorName: text().nullable(),
  targetType: text().nullable(),
  targetId: text().nullable(),
  ip: text().nullable(),
  details: z.record(text(), z.unknown()).nullable(),
  createdAt: text(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivityPageSchema = z.object({ items: z.array(ActivityItemSchema), nextCursor: text().nullable() });
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
