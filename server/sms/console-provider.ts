// Development SMS: logs each message and appends one JSON line to DATA_DIR/sms-outbox.jsonl
// ({"to","text","code","at"}), which the dev tools and tests read to finish sign-up.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsProvider } from './sms.provider.ts';

export const SMS_OUTBOX_FILE = 'sms-outbox.jsonl';

export function createConsoleSmsProvider(dataDir: string, log: (line: string) => void = console.log): SmsProvider {
  const file = path.join(dataDir, SMS_OUTBOX_FILE);
  let ready: Promise<unknown> | null = null;
  return {
    name: 'console',
    async send(message) {
      ready ??= mkdir(dataDir, { recursive: true });
      await ready;
      const line = JSON.stringify({ to: message.to, text: message.text, code: message.code ?? null, at: new Date().toISOString() });
      // A framed block, so a code stands out among the request lines (development only).
      log(`\n  ┌─ SMS to ${message.to}${message.code ? `   code: ${message.code}` : ''}\n  │  ${message.text}\n  └─\n`);
      await appendFile(file, line + '\n');
    },
  };
}
