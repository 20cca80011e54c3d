// MSG91 (India): sends through the Flow API with a DLT-approved template whose variables are
// `otp` (the code) and `message` (the full text). Any non-success answer is an SMS_FAILED error.
import type { SmsProvider } from './sms.provider.ts';
import { SMS_TIMEOUT_MS, smsFailed, toIndianMsisdn } from './sms-error.ts';
import { redactText } from '../logging.ts';

export interface Msg91Options {
  authKey: string;
  templateId: string;
  /** https://control.msg91.com in production; tests point it at a local fake. */
  baseUrl: string;
  log?: (line: string) => void;
}

export function createMsg91SmsProvider(options: Msg91Options): SmsProvider {
  const url = `${options.baseUrl.replace(/\/$/, '')}/api/v5/flow`;
  const log = options.log ?? ((line: string) => console.error(line));
  return {
    name: 'msg91',
    async send(message) {
      const body = {
        template_id: options.templateId,
        short_url: '0',
        recipients: [{ mobiles: toIndianMsisdn(message.to), otp: message.code ?? '', message: message.text }],
      };
      let status = 0;
      let answer: unknown = null;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        status = res.status;
        answer = await res.json().catch(() => null);
      } catch (err) {
        log(redactText(`[sms] msg91 request failed: ${(err as Error).message}`));
        throw smsFailed();
      }
      const type = answer && typeof answer === 'object' ? (answer as { type?: unknown }).type : undefined;
      if (status < 200 || status >= 300 || type !== 'success') {
        const detail = answer && typeof answer === 'object' ? String((answer as { message?: unknown }).message ?? '') : '';
        log(redactText(`[sms] msg91 refused the message: HTTP ${status} ${detail}`.trim()));
        throw smsFailed();
      }
    },
  };
}
