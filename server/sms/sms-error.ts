// The one error every SMS provider raises when a message could not be handed over, so callers
// can undo the code they were about to rely on and the client sees a retryable 502.
import { AppError } from '../errors.ts';

export const SMS_FAILED_MESSAGE = 'Could not send SMS, please try again';

export function smsFailed(): AppError {
  return new AppError('SMS_FAILED', SMS_FAILED_MESSAGE, 502);
}

/** Indian 10-digit mobile numbers in the international form providers expect, without the plus. */
export function toIndianMsisdn(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/** How long we wait for a provider before giving up on a message. */
export const SMS_TIMEOUT_MS = 10_000;
