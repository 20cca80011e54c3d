// Spending a free spin: the server draws a segment from the configured weights, then one call of
// rh_use_spin (server/db/functions/rh_use_spin.sql) takes the spin, records it and credits the prize, so no spin is
// lost or paid twice.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { SpinResponse } from '../../contract/wallet.ts';
import { formatRupeesShort } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { at, queryRows } from '../db/rows.ts';
import { badRequest } from '../errors.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { drawSegment } from './wheel-draw.ts';
import { inTransaction, runStatement, type RunInTx } from '../idempotency/idempotency.ts';

export async function useSpin(ctx: AppContext, userId: string, run: RunInTx = inTransaction(ctx.db)): Promise<SpinResponse> {
  const now = ctx.now();
  // The wheel as it stands now; a change of the odds racing this spin applies to the next one.
  const segments = (await getAppSettings(ctx.db)).wheelSegments;
  const segmentIndex = drawSegment(segments.map((s) => s.weight));
  const prizePaise = BigInt(segments[segmentIndex]!.amountPaise);
  const spinId = newId();
  // What the run returns is the answer (an Idempotency-Key stores it with the money).
  return runStatement(run, async (db) => {
    const [row] = await queryRows<{ outcome: string; spins_remaining: number | null; balance_paise: string | number | null; tax_paise: string | number | null; tax_section: string | null }>(
      db,
      sql`select * from rh_use_spin(${userId}::uuid, ${spinId}::uuid, ${segmentIndex}::int, ${String(prizePaise)}::bigint, ${at(now)},
        ${`Spin wheel prize of ${formatRupeesShort(prizePaise)}`},
        ${`You won ${formatRupeesShort(prizePaise)}!`},
        ${`Your spin wheel prize of ₹${formatPaise(prizePaise)} has been added to your wallet.`})`,
    );
    if (!row || row.outcome === 'no_spins') throw badRequest('No Spins Available', 'NO_SPINS');
    return {
      newBalance: formatPaise(BigInt(row.balance_paise ?? 0)),
      spinsRemaining: row.spins_remaining ?? 0,
      prize: formatPaise(prizePaise),
      segmentIndex,
      ...(BigInt(row.tax_paise ?? 0) > 0n && row.tax_section ? { tax: { amount: formatPaise(BigInt(row.tax_paise ?? 0)), section: row.tax_section } } : {}),
    };
  });
}
