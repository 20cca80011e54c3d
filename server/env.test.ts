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
    [{ STORAGE: 's3' }, /STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ STORAGE: 'disk' }, /^Invalid configuration: STORAGE: /],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: /],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY: .*true would believe any client/],
    [{ DATABASE_URL: 'postgres://db/app' }, /^Invalid configuration: SECRETS_KEY: SECRETS_KEY is required when DATABASE_URL is set/],
    [
      { NODE_ENV: 'production', SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'a', TWILIO_AUTH_TOKEN: 'b', TWILIO_FROM: '+1' },
      /^Invalid configuration: SECRETS_KEY: SECRETS_KEY is required when NODE_ENV=production/,
    ],
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
      TRUST_PROXY: '1',
      SECRETS_KEY: 'a'.repeat(64),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.port).toBe(8080);
    expect(r.config.appOrigin).toBe('https://earn.example.com');
    expect(r.config.trustProxy).toBe(1);
    expect(r.config.sms.twilio).toMatchObject({ accountSid: 'AC1', from: '+15005550006', baseUrl: 'https://api.twilio.com' });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    const read = (v: string) => {
      const r = loadConfig({ TRUST_PROXY: v });
      return r.ok ? r.config.trustProxy : r.error;
    };
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.5, 10.0.0.0/8,loopback')).toEqual(['10.0.0.5', '10.0.0.0/8', 'loopback']);
  });

  it('starts on PostgreSQL with a shared SECRETS_KEY', () => {
    const r = loadConfig({ DATABASE_URL: 'postgres://db/app', SECRETS_KEY: 'b'.repeat(64) });
    expect(r.ok).toBe(true);
  });

  it('keeps uploads on disk for the embedded database and in PostgreSQL with DATABASE_URL, unless STORAGE says otherwise', () => {
    const kind = (env: Record<string, string>) => {
      const r = loadConfig(env);
      if (!r.ok) throw new Error(r.error);
      return r.config.storage;
    };
    expect(kind({})).toEqual({ kind: 'local' });
    expect(kind({ DATABASE_URL: 'postgres://db/app', SECRETS_KEY: 'b'.repeat(64) })).toEqual({ kind: 'db' });
    expect(kind({ DATABASE_URL: 'postgres://db/app', SECRETS_KEY: 'b'.repeat(64), STORAGE: 'local' })).toEqual({ kind: 'local' });
    expect(kind({ STORAGE: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      kind: 's3',
      s3: { bucket: 'uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true },
    });
  });
});
