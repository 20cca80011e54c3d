// The SMS provider interface. `console` is for development (and tests); msg91 and twilio send real
// messages over HTTP. Providers are chosen from config in createSmsProvider (sms.providers.ts).

export interface SmsMessage {
  to: string;
  text: string;
  /** The one-time code in the message, when there is one (the dev outbox records it). */
  code?: string | null;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
