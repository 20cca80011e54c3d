// Picks the SMS provider named in config.
import type { Config } from '../env.ts';
import type { SmsProvider } from './sms.provider.ts';
import { createConsoleSmsProvider } from './console-provider.ts';

export function createSmsProvider(config: Config, log?: (line: string) => void): SmsProvider {
  switch (config.sms.provider) {
    case 'console':
      if (config.nodeEnv === 'production') throw new Error('SMS_PROVIDER=console is refused in production');
      return createConsoleSmsProvider(config.dataDir, log);
    default:
      throw new Error(`SMS provider ${config.sms.provider} is not available yet`);
  }
}
