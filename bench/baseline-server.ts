// The baseline for the API benchmarks: a bare Fastify 5 + node-postgres server on the same database
// answering the same JSON with the simplest correct SQL (one statement per request, no ORM, no
// hooks beyond the route). Our server's ratios are measured against it in the same run.
//   PORT, DATABASE_URL   where to listen and which database to read
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => undefined);
const app = Fastify();

const paise = (v: string | number | bigint) => {
  const n = BigInt(v);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

const tokenHash = (header: string | undefined) => createHash('sha256').update((header ?? '').replace(/^Bearer\s+/i, '')).digest('hex');

app.get('/healthz', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.get('/one-row', async () => (await pool.query('select id, upi_id, business_name, referrals_per_spin from app_settings where id = 1')).rows[0]);

app.get('/api/user', async (request, reply) => {
  const { rows } = await pool.query(
    `select u.*, coalesce(a.balance_paise, 0) as balance from sessions s join users u on u.id = s.user_id
     left join ledger_accounts a on a.id = u.id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'active'`,
    [tokenHash(request.headers.authorization)],
  );
  const u = rows[0];
  if (!u) return reply.status(401).send({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
  return {
    id: u.id,
    username: u.username,
    phone: u.phone,
    email: u.email,
    referralCode: u.referral_code,
    walletBalance: paise(u.balance),
    successfulReferrals: u.successful_referrals,
    totalEarnings: paise(u.total_earnings_paise),
    spinsAvailable: Math.max(0, u.spins_granted - u.spins_used),
    referralsToNextSpin: Math.max(1, 5 - u.referrals_toward_spin),
    isActivated: u.is_activated,
    isAdmin: u.is_admin,
    language: u.language ?? null,
    createdAt: new Date(u.created_at).toISOString(),
  };
});

app.get('/api/transactions', async (request, reply) => {
  const { rows } = await pool.query(
    `with me as (select s.user_id from sessions s where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now())
     select e.id, e.kind, e.description, e.created_at, l.amount_paise, l.balance_after_paise
     from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where l.account_id = (select user_id from me) and l.seq is not null
     order by l.seq desc limit 50`,
    [tokenHash(request.headers.authorization)],
  );
  if (rows.length === 0) {
    const known = await pool.query('select 1 from sessions where token_hash = $1', [tokenHash(request.headers.authorization)]);
    if (known.rowCount === 0) return reply.status(401).send({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
  }
  return rows.map((r) => ({
    id: r.id,
    type: r.kind,
    amount: paise(BigInt(r.amount_paise) < 0n ? -BigInt(r.amount_paise) : r.amount_paise),
    direction: BigInt(r.amount_paise) > 0n ? 'credit' : 'debit',
    description: r.description,
    status: 'completed',
    createdAt: new Date(r.created_at).toISOString(),
    balanceAfter: paise(r.balance_after_paise),
  }));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
