// Account calls: registration with SMS code, login, password reset, the current user.
import { z } from 'zod';
import { text } from './text.ts';
import { INDIAN_MOBILE_RE, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MoneySchema } from './money.ts';
import { POLICY_CHANGED_MESSAGE, POLICY_REQUIRED_MESSAGE, PRIVACY_POLICY_VERSION } from './privacy.ts';

export const PhoneSchema = text({ error: 'Enter 10-digit mobile number' })
  .trim()
  .regex(/^\d{10}$/, { error: 'Enter 10-digit mobile number' })
  .regex(INDIAN_MOBILE_RE, { error: 'Enter a valid Indian mobile number' });

export const OtpCodeSchema = text({ error: 'Please enter the 6-digit OTP' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Please enter the 6-digit OTP' });

export const UserSchema = z.object({
  id: text(),
  username: text(),
  phone: text().nullable(),
  email: text().nullable(),
  referralCode: text(),
  walletBalance: MoneySchema,
  /** Rewards on hold while the account is reviewed (pending, not withdrawable). Optional: added later. */
  heldBalance: MoneySchema.optional(),
  /** What a reversed reward left owed ("0.00" when nothing): repaid first from the next credits (DESIGN.md section 18). */
  debt: MoneySchema,
  successfulReferrals: z.number().int(),
  totalEarnings: MoneySchema,
  spinsAvailable: z.number().int(),
  /** Rewarded referrals still needed for the next free spin (at least 1). Optional: added later. */
  referralsToNextSpin: z.number().int().optional(),
  isActivated: z.boolean(),
  isAdmin: z.boolean(),
  /** Admins: super_admin or reviewer (null for everyone else). Optional: added later. */
  adminRole: z.enum(['super_admin', 'reviewer']).nullable().optional(),
  /** The language chosen for the account (a catalogue's code), null when never chosen. Optional: added later. */
  language: text().nullable().optional(),
  createdAt: text(),
  /** The current privacy policy has not been accepted yet (never, or an older version): ask before going on. Optional: added later. */
  consentRequired: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** A language's code ("en", "hi"); the server accepts the languages it has SMS texts for. */
export const LanguageSchema = text({ error: 'Choose a language' }).trim().regex(/^[a-z]{2,3}$/, { error: 'Choose a language' });
export const SetLanguageRequestSchema = z.object({ language: LanguageSchema });

export const RegisterRequestSchema = z.object({
  username: text({ error: 'Username is required' }).trim().min(1, { error: 'Username is required' }).max(50, { error: 'Username must be at most 50 characters' }),
  phone: PhoneSchema,
  email: text()
    .trim()
    .max(254)
    .optional()
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email({ error: 'Enter a valid email address' }).optional()),
  password: text({ error: 'Password is required' }).min(1, { error: 'Password is required' }).min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' }).max(200),
  referralCode: text({ error: 'Referral code is required to create an account' })
    .trim()
    .min(1, { error: 'Referral code is required to create an account' })
    .max(32)
    .transform((v) => v.toUpperCase()),
  /** The language the form was shown in: the account's language and its SMS texts'. */
  language: LanguageSchema.optional(),
  /** The privacy policy version whose notice the person accepted on the form: required, and the current one. */
  policyVersion: text({ error: POLICY_REQUIRED_MESSAGE })
    .min(1, { error: POLICY_REQUIRED_MESSAGE })
    .refine((v) => v === PRIVACY_POLICY_VERSION, { error: POLICY_CHANGED_MESSAGE }),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
export const RegisterResponseSchema = z.object({ userId: text() });

export const VerifyOtpRequestSchema = z.object({
  userId: text({ error: 'userId is required' }).min(1, { error: 'userId is required' }),
  otpCode: OtpCodeSchema,
});
export const ResendOtpRequestSchema = z.object({ userId: text({ error: 'userId is required' }).min(1, { error: 'userId is required' }) });

export const AuthResponseSchema = z.object({ token: text(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const LoginRequestSchema = z
  .object({
    phone: text().trim().optional(),
    email: text().trim().optional(),
    password: text({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
  })
  .refine((v) => Boolean(v.phone) || Boolean(v.email), { error: 'Enter your mobile number', path: ['phone'] });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

const ResetPhoneSchema = text({ error: 'Please enter your mobile number' })
  .trim()
  .min(1, { error: 'Please enter your mobile number' })
  .pipe(PhoneSchema);
export const ForgotPasswordRequestSchema = z.object({ phone: ResetPhoneSchema });
export const VerifyResetOtpRequestSchema = z.object({ phone: ResetPhoneSchema, otp: OtpCodeSchema });
export const ResetPasswordRequestSchema = z.object({
  phone: ResetPhoneSchema,
  otp: OtpCodeSchema,
  newPassword: text({ error: 'Password must be at least 6 characters' }).min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' }).max(200),
});

const REQUIRED = 'Please fill in all required fields';
export const AdminSetupRequestSchema = z.object({
  username: text({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(50, { error: 'Username must be at most 50 characters' }),
  email: text({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(254).toLowerCase().pipe(z.email({ error: 'Enter a valid email address' })),
  password: text({ error: REQUIRED }).min(1, { error: REQUIRED }).min(8, { error: 'Admin password must be at least 8 characters' }).max(200),
  phone: text({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).pipe(PhoneSchema),
});
export type AdminSetupRequest = z.infer<typeof AdminSetupRequestSchema>;
export const AdminSetupStatusSchema = z.object({ exists: z.boolean() });
export const AdminSetupResponseSchema = z.object({ exists: z.literal(true), user: UserSchema });
export type AdminSetupResponse = z.infer<typeof AdminSetupResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export const VerifyResetOtpResponseSchema = z.object({ valid: z.literal(true) });

/** PATCH /api/me: the person corrects their name or email (empty email clears it). */
export const UpdateProfileRequestSchema = z
  .object({
    username: RegisterRequestSchema.shape.username,
    email: text()
      .trim()
      .max(254)
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(z.email({ error: 'Enter a valid email address' }).nullable()),
  })
  .partial();
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** POST /api/me/phone: an SMS code goes to the new number; POST /api/me/phone/verify moves the account to it. */
export const ChangePhoneRequestSchema = z.object({ phone: PhoneSchema });
export const VerifyPhoneChangeRequestSchema = z.object({ otpCode: OtpCodeSchema });
