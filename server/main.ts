// Entry point: read config, begin opening the database (migrating it), then load and run the
// server (serve.ts) while the database starts.
import { loadConfig } from './env.ts';
import { openDatabase } from './db/client.ts';
import { holdDataDir } from './backup/data-dir-lock.ts';

// Until the server listens, nothing else keeps the event loop alive while start-up awaits work
// finishing on V8's background threads (compiling PGlite's WebAssembly). Each time the loop runs
// empty, Node waits for *every* background task, including optimising compiles of hot WebAssembly
// functions that start-up does not need: up to 120 ms of a 600 ms start on two cores (bench row
// start.pglite). A timer held until `listen` keeps the loop running instead.
const startingUp = setInterval(() => undefined, 60_000);

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const config = loaded.config;
// The embedded database is this process's alone while it runs: backup and ledger:check look here.
if (!config.databaseUrl) holdDataDir(config.dataDir);

// The database first: the embedded one spends part of its start waiting for its WebAssembly to
// compile and its files to load, time in which the rest of the server loads (bench row
// start.pglite). serve() awaits it; a failure to open ends the start there.
const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
opening.catch(() => undefined);
const { serve } = await import('./serve.ts');
await serve(config, opening, () => clearInterval(startingUp));
