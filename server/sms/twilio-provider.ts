// Twilio: sends through the Messages REST API (form-encoded, HTTP basic auth with the account
// SID and auth token). Any non-2xx answer or network failure is an SMS_FAILED error.
import type { SmsProvider } from './sms.provider.ts';
import { SMS_TIMEOUT_MS, smsFailed, toIndianMsisdn } from './sms-error.ts';
import { redactText } from '../logging.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service sender. */
  from: string;
  /** https://api.twilio.com in production; tests point it at a local fake. */
  baseUrl: string;
  log?: (line: string) => void;
}

export function createTwilioSmsProvider(options: TwilioOptions): SmsProvider {
  const url = `${options.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const log = options.log ?? ((line: string) => console.error(line));
  return {
    name: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: `+${toIndianMsisdn(message.to)}`, From: options.from, Body: message.text });
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (err) {
        log(redactText(`[sms] twilio request failed: ${(err as Error).message}`));
        throw smsFailed();
      }
      if (res.status < 200 || res.status >= 300) {
        const answer: unknown = await res.json().catch(() => null);
        const detail = answer && typeof answer === 'object' ? String((answer as { message?: unknown }).message ?? '') : '';
        log(redactText(`[sms] twilio refused the message: HTTP ${res.status} ${detail}`.trim()));
        throw smsFailed();
      }
      await res.body?.cancel().catch(() => undefined);
    },
  };
}
