// Error codes the API answers with, in the body `{message, code, fields?}`. Clients branch on
// `code`, people read `message`.
import { z } from 'zod';
import { text } from './text.ts';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'PHONE_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_ADMIN',
  'REAUTH_REQUIRED',
  'NOT_ACTIVATED',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_PROCESSED',
  'DUPLICATE_UTR',
  'DUPLICATE_PHONE',
  'DUPLICATE_EMAIL',
  'ADMIN_EXISTS',
  'PAYMENT_PENDING',
  'ALREADY_ACTIVATED',
  'INVALID_REFERRAL_CODE',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'BELOW_MINIMUM',
  'NO_SPINS',
  'INVALID_FILE',
  'FILE_TOO_LARGE',
  'RATE_LIMITED',
  'IDEMPOTENCY_MISMATCH',
  'SMS_FAILED',
  'PAYLOAD_TOO_LARGE',
  'SELF_DEALING',
  'ROLE_FORBIDDEN',
  'TWO_FACTOR_SETUP_REQUIRED',
  'SECOND_APPROVER_REQUIRED',
  'NOT_APPROVED',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'LAST_SUPER_ADMIN',
  'GATEWAY_NOT_CONFIGURED',
  'GATEWAY_UNAVAILABLE',
  'INVALID_SIGNATURE',
  'STATEMENT_UNREADABLE',
  'STATEMENT_LAYOUT_UNKNOWN',
  'NOTHING_HELD',
  'WITHDRAWAL_PENDING',
  'WALLET_NOT_EMPTY',
  'DB_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  message: text(),
  code: text(),
  fields: z.record(text(), text()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
