// Grievances and requests about personal data: a signed-in person raises one (what it is about and
// what they ask), admins see the open ones oldest due first with their due date (30 days, the
// period the privacy policy promises), and close each with an answer the person reads in their
// notifications and on their profile. Audited.
import { sql } from 'drizzle-orm';
import {
  DATA_REQUEST_DUE_DAYS,
  MAX_OPEN_DATA_REQUESTS,
  type AdminDataRequest,
  type DataRequest,
} from '../../contract/privacy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { isUuid, newId } from '../db/ids.ts';
import { isoText, queryRows } from '../db/rows.ts';
import { conflict, notFound } from '../errors.ts';

type Row = { id: string; user_id: string; username: string; kind: DataRequest['kind']; message: string; status: 'open' | 'closed'; due_at: string; created_at: string; closed_at: string | null; note: string | null };

const COLUMNS = sql`r.id::text, r.user_id::text, u.username, r.kind, r.message, r.status, ${isoText('r.due_at')} as due_at, ${isoText('r.created_at')} as created_at,
  ${isoText('r.closed_at')} as closed_at, r.note`;

const toItem = (r: Row): DataRequest => ({ id: r.id, kind: r.kind, message: r.message, status: r.status, dueAt: r.due_at, createdAt: r.created_at, closedAt: r.closed_at, note: r.note });

export async function createDataRequest(ctx: AppContext, userId: string, input: { kind: DataRequest['kind']; message: string }): Promise<DataRequest> {
  const now = ctx.now();
  const due = new Date(now.getTime() + DATA_REQUEST_DUE_DAYS * 24 * 60 * 60_000);
  return ctx.db.transaction(async (tx) => {
    // One person's requests are decided one at a time, so parallel ones cannot pass the cap.
    await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
    const [open] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from data_requests where user_id = ${userId}::uuid and status = 'open'`);
    if ((open?.n ?? 0) >= MAX_OPEN_DATA_REQUESTS) {
      throw conflict('You have 3 requests waiting for an answer. We answer each within 30 days', 'CONFLICT');
    }
    const id = newId();
    const [row] = await queryRows<Row>(
      tx,
      sql`with r as (
            insert into data_requests (id, user_id, kind, message, status, due_at, created_at)
            values (${id}::uuid, ${userId}::uuid, ${input.kind}, ${input.message}, 'open', ${due.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
            returning *)
          select ${COLUMNS} from r join users u on u.id = r.user_id`,
    );
    await recordAudit(tx, { actorId: userId, action: 'data_request.created', targetType: 'data_request', targetId: id, details: { kind: input.kind }, at: now });
    return toItem(row!);
  });
}

export async function listOwnDataRequests(ctx: AppContext, userId: string): Promise<DataRequest[]> {
  const rows = await queryRows<Row>(ctx.db, sql`select ${COLUMNS} from data_requests r join users u on u.id = r.user_id where r.user_id = ${userId}::uuid order by r.created_at desc, r.id desc limit 50`);
  return rows.map(toItem);
}

/** Open requests, the soonest due first; or the latest closed ones. */
export async function listDataRequests(ctx: AppContext, status: 'open' | 'closed'): Promise<AdminDataRequest[]> {
  const now = ctx.now();
  const rows = await queryRows<Row>(
    ctx.db,
    status === 'open'
      ? sql`select ${COLUMNS} from data_requests r join users u on u.id = r.user_id where r.status = 'open' order by r.due_at, r.id limit 200`
      : sql`select ${COLUMNS} from data_requests r join users u on u.id = r.user_id where r.status = 'closed' order by r.closed_at desc, r.id desc limit 200`,
  );
  return rows.map((r) => ({ ...toItem(r), userId: r.user_id, username: r.username, overdue: r.status === 'open' && Date.parse(r.due_at) < now.getTime() }));
}

export async function closeDataRequest(ctx: AppContext, admin: { id: string; ip: string | null }, requestId: string, note: string): Promise<AdminDataRequest> {
  if (!isUuid(requestId)) throw notFound('Request not found');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<Row>(
      tx,
      sql`with r as (
            update data_requests set status = 'closed', closed_at = ${now.toISOString()}::timestamptz, closed_by_id = ${admin.id}::uuid, note = ${note}
            where id = ${requestId}::uuid and status = 'open'
            returning *)
          select ${COLUMNS} from r join users u on u.id = r.user_id`,
    );
    if (!row) {
      const [exists] = await queryRows<{ id: string }>(tx, sql`select id::text from data_requests where id = ${requestId}::uuid`);
      if (!exists) throw notFound('Request not found');
      throw conflict('This request has already been answered', 'ALREADY_PROCESSED');
    }
    await tx.execute(sql`insert into notifications (id, user_id, kind, title, body, created_at)
                         values (${newId()}::uuid, ${row.user_id}::uuid, 'data_request_closed', 'Your data request was answered', ${`Our answer: ${note}`}, ${now.toISOString()}::timestamptz)`);
    await recordAudit(tx, { actorId: admin.id, action: 'data_request.closed', targetType: 'data_request', targetId: requestId, ip: admin.ip, details: { kind: row.kind }, at: now });
    return { ...toItem(row), userId: row.user_id, username: row.username, overdue: false };
  });
}
