// Reversing an approved activation payment (the proof was fake, the money never arrived): one call
// of rh_reverse_payment (server/db/functions). Nothing posted is edited: the fee and the referral
// reward come back by new entries that name the ones they reverse, what the referrer's wallet cannot cover
// becomes a debt repaid first from their next credits, the payer is suspended, both are told, and
// the audit log keeps the admin and the reason.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { ReversePaymentRequest, ReversePaymentResponse } from '../../contract/admin.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { at, queryRows, rowFromJson } from '../db/rows.ts';
import { manualPayments } from '../db/schema.ts';
import { conflict, notFound, selfDealing } from '../errors.ts';
import { runStatement, inTransaction, type RunInTx } from '../idempotency/idempotency.ts';
import { toAdminPayment, type AdminActor } from '../admin/admin.service.ts';

export async function reversePayment(
  ctx: AppContext,
  actor: AdminActor,
  paymentId: string,
  input: ReversePaymentRequest,
  run: RunInTx = inTransaction(ctx.db),
): Promise<ReversePaymentResponse> {
  if (!isUuid(paymentId)) throw notFound('Payment not found');
  const now = ctx.now();
  return runStatement(run, async (db) => {
    const [row] = await queryRows<{
      outcome: string;
      payment: unknown;
      username: string | null;
      phone: string | null;
      user_activated: boolean | null;
      clawed_back_paise: string | number | null;
      debt_paise: string | number | null;
    }>(db, sql`select * from rh_reverse_payment(${paymentId}::uuid, ${actor.id}::uuid, ${actor.ip}, ${input.reason}, ${at(now)})`);
    if (!row || row.outcome === 'not_found') throw notFound('Payment not found');
    if (row.outcome === 'self_dealing') throw selfDealing('payment');
    if (row.outcome !== 'ok') throw conflict('Only an approved payment can be reversed', 'NOT_APPROVED');
    const payment = rowFromJson(manualPayments, row.payment);
    return {
      payment: toAdminPayment({ ...payment, username: row.username ?? '', phone: row.phone, userActivated: row.user_activated ?? false }),
      clawedBack: formatPaise(BigInt(row.clawed_back_paise ?? 0)),
      recordedAsDebt: formatPaise(BigInt(row.debt_paise ?? 0)),
    };
  });
}
