// Builds the AppContext from configuration: opens (and migrates) the database, picks the SMS
// provider, the upload store and the secrets key. main.ts and the test harness both use it.
import path from 'node:path';
import type { AppContext } from './context.ts';
import type { Config } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createSmsProvider } from './sms/sms.providers.ts';
import { createDbUploadStore, createLocalUploadStore, type UploadStore } from './uploads/upload-store.ts';
import { loadSecretsKey } from './secrets-key.ts';
import { AppMetrics } from './metrics/metrics.ts';
import { SmsQueue } from './sms/sms-queue.ts';
import { redactText } from './logging.ts';
import { ensureAppSettings } from './settings/settings.service.ts';
import { ensurePlatformAccounts } from './ledger/ledger.service.ts';
import type { SmsProvider } from './sms/sms.provider.ts';
import { createRazorpayGateway } from './gateway/razorpay.ts';
import { createPayouts } from './payouts/payouts.service.ts';

export interface ContextOverrides {
  sms?: SmsProvider;
  now?: () => Date;
  /** In-memory PGlite (tests): nothing written under DATA_DIR/db. */
  inMemoryDb?: boolean;
  smsLog?: (line: string) => void;
  /** The database, already being opened from `config` (main.ts starts it before loading the server). */
  database?: Promise<Database>;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<{ ctx: AppContext; database: Database }> {
  const database = await (overrides.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: overrides.inMemoryDb }));
  try {
    await ensureAppSettings(database.db);
    await ensurePlatformAccounts(database.db);
    const metrics = new AppMetrics({ db: database.db, poolStats: () => database.poolStats() });
    const secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir);
    const now = overrides.now ?? (() => new Date());
    const sms = overrides.sms ?? createSmsProvider(config, overrides.smsLog);
    const ctx: AppContext = {
      config,
      db: database.db,
      dbKind: database.kind,
      sms,
      uploads: await createUploadStore(config, database),
      now,
      secretsKey,
      metrics,
      lifecycle: { draining: false },
      gateway: config.gateway
        ? createRazorpayGateway({
            keyId: config.gateway.keyId,
            keySecret: config.gateway.keySecret,
            webhookSecret: config.gateway.webhookSecret,
            baseUrl: config.gateway.baseUrl,
            now,
            log: (line) => console.error(redactText(line)),
          })
        : null,
      payouts: config.payouts
        ? createPayouts(config.payouts, { db: database.db, now, appName: () => ctx.config.appName, log: (line) => console.error(redactText(line)) })
        : null,
      smsQueue: new SmsQueue({
        db: database.db,
        // Read through the context, so a test may swap the provider.
        sms: () => ctx.sms,
        secretsKey,
        appName: () => ctx.config.appName,
        now,
        onSent: () => metrics.sms('sent'),
        onFailed: (err) => {
          metrics.sms('failed');
          console.error(redactText(`[sms] ${ctx.sms.name} failed: ${(err as Error).message}`));
        },
      }),
    };
    return { ctx, database };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

/** The store STORAGE names (the S3 SDK is loaded only for s3). */
export async function createUploadStore(config: Config, database: Database): Promise<UploadStore> {
  switch (config.storage.kind) {
    case 'db':
      return createDbUploadStore(database.db);
    case 's3': {
      const { createS3UploadStore } = await import('./uploads/s3-upload-store.ts');
      return createS3UploadStore(config.storage.s3);
    }
    default:
      return createLocalUploadStore(path.join(config.dataDir, 'uploads'));
  }
}
