// `npm run admin:create -- --email a@b.c --username admin --phone 98xxxxxxxx [--password ...]`:
// creates the first admin in the database the server would open (same env), the same way the
// public setup page does. The password comes from --password, ADMIN_PASSWORD or a hidden prompt.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { ZodError } from 'zod';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { createFirstAdmin } from '../server/accounts/admin-setup.service.ts';
import { AppError } from '../server/errors.ts';

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

/** One line from a pipe, or a typed line with no echo on a terminal. */
async function readPassword(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const rl = createInterface({ input: stdin });
    const line = await new Promise<string>((resolve) => {
      let got = false;
      rl.once('line', (l) => {
        got = true;
        resolve(l);
      });
      rl.once('close', () => {
        if (!got) resolve('');
      });
    });
    rl.close();
    return line;
  }
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('Cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}. Usage: npm run admin:create -- --email a@b.c --username admin --phone 98xxxxxxxx [--password ...]`);
}
if (args.help) {
  console.log('Usage: npm run admin:create -- --email a@b.c --username admin --phone 98xxxxxxxx [--password ...]');
  console.log('Without --password, ADMIN_PASSWORD is used, else the password is asked for.');
  process.exit(0);
}
const missing = (['email', 'username', 'phone'] as const).filter((k) => !args[k]);
if (missing.length > 0) fail(`missing ${missing.map((k) => `--${k}`).join(', ')}. Usage: npm run admin:create -- --email a@b.c --username admin --phone 98xxxxxxxx`);

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) fail(loaded.error);
const { config } = loaded;

let password = args.password ?? process.env.ADMIN_PASSWORD ?? '';
if (!password) {
  try {
    password = await readPassword('Admin password (at least 8 characters): ');
    if (process.stdin.isTTY && password !== (await readPassword('Repeat the password: '))) fail('the passwords do not match');
  } catch (err) {
    fail((err as Error).message);
  }
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  const result = await createFirstAdmin(database.db, { email: args.email!, username: args.username!, phone: args.phone!, password }, new Date());
  console.log(`Admin created: ${result.user.username} <${result.user.email}> (id ${result.user.id})`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`);
  // Without APP_ORIGIN this tool cannot know where the server listens (its PORT may differ here).
  console.log(
    process.env.APP_ORIGIN
      ? `Sign in at ${config.appOrigin}/admin-login`
      : 'Sign in at /admin-login on the address the server printed when it started (set APP_ORIGIN to have it printed here)',
  );
} catch (err) {
  exitCode = 1;
  if (err instanceof AppError) console.error(`Error: ${err.message}`);
  else if (err instanceof ZodError) console.error(`Error: ${err.issues[0]?.path.join('.') ?? 'input'}: ${err.issues[0]?.message ?? 'invalid'}`);
  else console.error(`Error: could not create the admin: ${(err as Error).message}`);
} finally {
  await database.close().catch(() => undefined);
}
process.exit(exitCode);
