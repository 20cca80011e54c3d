// Picks the SMS provider named in config: console (development), msg91 or twilio.
import type { Config } from '../env.ts';
import type { SmsProvider } from './sms.provider.ts';
import { createConsoleSmsProvider } from './console-provider.ts';
import { createMsg91SmsProvider } from './msg91-provider.ts';
import { createTwilioSmsProvider } from './twilio-provider.ts';

export function createSmsProvider(config: Config, log?: (line: string) => void): SmsProvider {
  switch (config.sms.provider) {
    case 'console':
      if (config.nodeEnv === 'production') throw new Error('SMS_PROVIDER=console is refused in production');
      return createConsoleSmsProvider(config.dataDir, log);
    case 'msg91': {
      const { authKey, templateId, baseUrl } = config.sms.msg91;
      if (!authKey || !templateId) throw new Error('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID');
      return createMsg91SmsProvider({ authKey, templateId, baseUrl, log });
    }
    case 'twilio': {
      const { accountSid, authToken, from, baseUrl } = config.sms.twilio;
      if (!accountSid || !authToken || !from) throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
      return createTwilioSmsProvider({ accountSid, authToken, from, baseUrl, log });
    }
  }
}
