// The baseline for the API benchmarks: a bare Fastify 5 + node-postgres server on the same database
// answering the same JSON with the simplest correct SQL (one statement per request, no ORM, no
// hooks beyond the route). Our server's ratios are measured against it in the same run. Its money
// routes call the same database functions ours do after the same session check, with no checks of
// their own beyond the function's: what any Node HTTP route in front of the function costs.
//   PORT, DATABASE_URL   where to listen and which database to read
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => undefined);
const app = Fastify();
await app.register(multipart);

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

/** The signed-in user of a bearer token (one statement), or null. */
async function signedIn(header: string | undefined): Promise<{ id: string; is_admin: boolean } | null> {
  const { rows } = await pool.query(
    `select u.id, u.is_admin from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'active'`,
    [tokenHash(header)],
  );
  return rows[0] ?? null;
}

const unauthenticated = (reply: FastifyReply) => reply.status(401).send({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });

/** An admin's decision: the session check, then the database function `call` (the row's `field` answered). */
function decisionRoute(url: string, call: string, field: string): void {
  app.put(url, async (request, reply) => {
    const admin = await signedIn(request.headers.authorization);
    if (!admin?.is_admin) return unauthenticated(reply);
    const { id } = request.params as { id: string };
    const { status } = request.body as { status: string };
    const { rows } = await pool.query(call, [id, admin.id, request.ip, status]);
    if (rows[0]?.outcome !== 'ok') return reply.status(409).send({ message: 'Already processed', code: 'ALREADY_PROCESSED' });
    return rows[0][field];
  });
}

decisionRoute('/api/admin/manual-payments/:id', 'select * from rh_decide_payment($1::uuid, $2::uuid, $3, $4, null, now())', 'payment');
decisionRoute('/api/admin/withdrawals/:id', 'select * from rh_decide_withdrawal($1::uuid, $2::uuid, $3, $4, null, null, now(), null, null)', 'withdrawal');

app.post('/api/withdraw', async (request, reply) => {
  const user = await signedIn(request.headers.authorization);
  if (!user) return unauthenticated(reply);
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) if (part.type === 'field') fields[part.fieldname] = String(part.value);
  const amount = BigInt(Math.round(Number(fields.amount) * 100));
  const bank = JSON.parse(fields.bankDetails ?? '{}') as { accountHolderName: string; accountNumber: string; ifscCode: string };
  const { rows } = await pool.query(
    `select rh_request_withdrawal(gen_random_uuid(), $1::uuid, $2::bigint, 'bank', $3, $4, $5, $6, null, null, null, now(),
       'Withdrawal of ₹' || ($2::bigint / 100) || ' requested', 'Withdrawal requested', 'Your withdrawal is being processed.') as withdrawal`,
    [user.id, amount, JSON.stringify(bank), bank.accountHolderName, bank.accountNumber, bank.ifscCode],
  );
  return reply.status(201).send(rows[0].withdrawal);
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
