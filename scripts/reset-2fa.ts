// `npm run admin:reset-2fa -- --email a@b.c`: recovery for an admin who lost the authenticator
// and the backup codes. Turns 2FA off, deletes the backup codes, signs the admin out everywhere
// and writes `admin.2fa_reset` to the audit log. Passkeys are kept. Same database as the server.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { resetTwoFactor } from '../server/admin-security/two-factor.service.ts';
import { AppError } from '../server/errors.ts';

const USAGE = 'Usage: npm run admin:reset-2fa -- --email a@b.c';

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

let email: string | undefined;
try {
  email = parseArgs({ options: { email: { type: 'string' } }, strict: true }).values.email?.trim().toLowerCase();
} catch (err) {
  fail(`${(err as Error).message}. ${USAGE}`);
}
if (!email) fail(`missing --email. ${USAGE}`);

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) fail(loaded.error);
const { config } = loaded;

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  const result = await resetTwoFactor(database.db, email, new Date());
  console.log(
    result.wasEnabled
      ? `Two-factor authentication reset for ${email}: 2FA disabled, backup codes deleted, all sessions signed out.`
      : `Two-factor authentication was not enabled for ${email}; all sessions signed out.`,
  );
  console.log(`The admin can now sign in with the password and set up 2FA again at ${config.appOrigin}/admin-login`);
} catch (err) {
  exitCode = 1;
  console.error(`Error: ${err instanceof AppError ? err.message : `could not reset 2FA: ${(err as Error).message}`}`);
} finally {
  await database.close().catch(() => undefined);
}
process.exit(exitCode);
