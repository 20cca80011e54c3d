// The server proper, once main.ts has its configuration and has begun opening the database:
// builds the context and the app, starts the background work, listens, and says where.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './env.ts';
import type { Database } from './db/client.ts';
import { createContext } from './create-context.ts';
import { buildApp } from './app.ts';
import { adminExists } from './accounts/admin-setup.service.ts';
import { errorForLog, loggerOptions } from './logging.ts';
import { isDatabaseUnavailable } from './db/db-errors.ts';
import { startMaintenance } from './maintenance/maintenance.ts';
import { sealLedger, startLedgerSealer } from './ledger/ledger-seal.ts';

/** The project folder: the nearest folder up from this file with a package.json (source or build). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * Serves `config` on the database `opening` is opening (its failure ends the start). `onListening`
 * is called once the port is open.
 */
export async function serve(config: Config, opening: Promise<Database>, onListening: () => void): Promise<void> {
  const root = projectRoot();
  const { ctx, database } = await createContext(config, { database: opening });
  const app = await buildApp(ctx, {
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, { readable: config.nodeEnv === 'development' }),
    webDist: path.join(root, 'dist', 'web'),
  });

  // SMS waiting in the queue (new, retries, and any a stopped process left) are sent from here too,
  // by the queue's poll within a second: not at once, so that on the embedded database (one
  // connection) the first requests after a restart do not wait behind the sweep.
  ctx.smsQueue.start();
  // Approved withdrawals waiting for the payout provider (retries, and any a stopped process left).
  ctx.payouts?.queue.start();
  const stopMaintenance = startMaintenance(
    ctx,
    (err) => app.log.warn({ err: errorForLog(err) }, 'maintenance skipped'),
    (line) => app.log.info(line),
  );
  // Committed ledger entries are sealed into the hash chain a couple of seconds later (one process at a time).
  const stopSealer = startLedgerSealer(ctx, (err) => app.log.warn({ err: errorForLog(err) }, 'ledger sealing skipped'));

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Not ready any more: a balancer polling /readyz stops sending; requests still arriving are
    // served until the drain time is over, then the server closes (finishing those in flight).
    ctx.lifecycle.draining = true;
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    stopMaintenance();
    stopSealer();
    await app.close().catch(() => undefined);
    await ctx.smsQueue.stop().catch(() => undefined);
    await ctx.payouts?.queue.stop().catch(() => undefined);
    // What this process committed is sealed before it goes, so that a check or a backup right after
    // a stop finds the chain up to date (the timer may not have come round since the last write).
    await sealLedger(ctx.db, ctx.now(), ctx.secretsKey).catch((err: unknown) => app.log.warn({ err: errorForLog(err) }, 'ledger sealing at shutdown skipped'));
    await database.close().catch(() => undefined);
    process.exit(0);
  }
  // Last line of defence: a lost database connection surfacing outside a request must not end the
  // process (the pool reconnects by itself). Anything else unexpected is a bug: log it and exit, so
  // the supervisor restarts a clean process rather than one in an unknown state.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: errorForLog(reason) }, 'database unavailable (outside a request)');
      return;
    }
    app.log.fatal({ err: errorForLog(reason) }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    onListening();
  } catch (err) {
    console.error(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  const where = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  ${config.appName} is running at ${config.appOrigin}  (${where})`);
  if (!(await adminExists(ctx.db))) {
    console.log(`  No admin yet: open ${config.appOrigin}/admin-setup to create the first one (or run npm run admin:create).`);
  }
  if (config.sms.provider === 'console') {
    console.log(`  SMS codes are printed here and written to ${path.join(config.dataDir, 'sms-outbox.jsonl')}.`);
  }
  console.log('');
}
