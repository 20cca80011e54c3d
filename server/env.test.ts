import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('environment parsing', () => {
  it('gives defaults for an empty environment', () => {
    const r = loadConfig({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config).toMatchObject({ nodeEnv: 'development', port: 3000, host: '0.0.0.0', appName: 'Referral Hub', brand: 'Referral Hub', trustProxy: false });
    expect(r.config.sms.provider).toBe('console');
    expect(r.config.appOrigin).toBe('http://localhost:3000');
    expect(r.config.databaseUrl).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const r = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(r.ok).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: .+ \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT: .+ \(got "70000"\)$/],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL: /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: SMS_PROVIDER: SMS_PROVIDER=console is for development/],
    [{ SMS_PROVIDER: 'msg91' }, /SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID/],
    [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'a' }, /SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM/],
    [{ STORAGE: 's3' }, /STORAGE=s3 is not available/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: /],
  ])('refuses %o with one clear line', (env, pattern) => {
    const r = loadConfig(env);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(pattern);
    expect(r.error).not.toContain('\n');
  });

  it('never echoes a secret value', () => {
    const r = loadConfig({ SECRETS_KEY: 'my-precious-secret' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain('SECRETS_KEY must be 64 hex characters');
    expect(r.error).not.toContain('my-precious-secret');
    expect(r.error).toContain('***');
  });

  it('accepts a full production configuration', () => {
    const r = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_FROM: '+15005550006',
      APP_ORIGIN: 'https://earn.example.com/',
      TRUST_PROXY: 'true',
      SECRETS_KEY: 'a'.repeat(64),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.port).toBe(8080);
    expect(r.config.appOrigin).toBe('https://earn.example.com');
    expect(r.config.trustProxy).toBe(true);
    expect(r.config.sms.twilio).toMatchObject({ accountSid: 'AC1', from: '+15005550006', baseUrl: 'https://api.twilio.com' });
  });
});
