// `NEW_SECRETS_KEY=<64 hex> npm run secrets:rotate`: re-seals what SECRETS_KEY protects under a new
// key (see server/admin-security/rotate-secrets-key.ts). Stop every server process first, run this
// with the environment the servers use, then start them all with SECRETS_KEY set to the new key.
// On the embedded database with a generated key, DATA_DIR/secrets.key is replaced for you.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { loadSecretsKey } from '../server/secrets-key.ts';
import { rotateSecretsKey } from '../server/admin-security/rotate-secrets-key.ts';
import { describeDbError, isDatabaseError } from '../server/db/db-errors.ts';

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

const newHex = process.env.NEW_SECRETS_KEY?.trim();
if (!newHex || !/^[0-9a-f]{64}$/i.test(newHex)) fail('set NEW_SECRETS_KEY to 64 hex characters (make one with: openssl rand -hex 32)');

// As strict as the server: on PostgreSQL the key in use must be named, never guessed from DATA_DIR.
const loaded = loadConfig(process.env);
if (!loaded.ok) fail(loaded.error);
const { config } = loaded;
if (config.secretsKey && config.secretsKey.toLowerCase() === newHex.toLowerCase()) fail('NEW_SECRETS_KEY is the key in use already');

const oldKey = await loadSecretsKey(config.secretsKey, config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  const result = await rotateSecretsKey(database.db, oldKey, Buffer.from(newHex, 'hex'), new Date());
  console.log(`Re-sealed the two-factor secrets of ${result.resealed} admin(s) under the new key.`);
  if (result.backupCodesCleared.length > 0) {
    console.log(`Backup codes cannot be carried over and were deleted for: ${result.backupCodesCleared.join(', ')}.`);
    console.log('Each of them should sign in and choose Setup 2FA in the Security Center to get new codes.');
  }
  if (config.secretsKey) {
    console.log('Now start every server process with SECRETS_KEY set to the new key. SMS codes sent before now no longer work.');
  } else {
    await writeFile(path.join(config.dataDir, 'secrets.key'), `${newHex.toLowerCase()}\n`, { mode: 0o600 });
    console.log(`Wrote the new key to ${path.join(config.dataDir, 'secrets.key')}. SMS codes sent before now no longer work.`);
  }
} catch (err) {
  exitCode = 1;
  // A database error's message carries its statement's values (here: freshly sealed secrets).
  console.error(`Error: could not rotate the key: ${isDatabaseError(err) ? describeDbError(err) : (err as Error).message}`);
} finally {
  await database.close().catch(() => undefined);
}
process.exit(exitCode);
