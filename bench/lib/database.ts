// A throwaway PostgreSQL database per benchmark, on the server named by BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, then the local test cluster). Our server migrates it when it starts.
import { createPostgresDatabase } from '../../server/test/harness.ts';
import type { ServerProcess } from '../../server/test/server-process.ts';

export const PG_BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createPostgresDatabase(PG_BASE_URL);
  try {
    return await fn(db.url);
  } finally {
    await db.drop();
  }
}

/** The first admin through the API; returns its bearer token, and lifts the abuse limits for the run. */
export async function adminToken(server: ServerProcess): Promise<string> {
  const body = { username: 'admin', email: 'admin@example.com', password: 'Admin@12345', phone: '9000000001' };
  await server.api('POST', '/api/admin/setup', { body });
  const login = await server.api('POST', '/api/login', { body: { email: body.email, password: body.password } });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.token as string;
  await server.api('PUT', '/api/admin/settings', { token, body: { smsPerAddressPerHour: 1_000_000, signupsPerReferrerPerHour: 1_000_000, smsPerHour: 1_000_000 } });
  return token;
}
