// Spending a free spin: one spin is taken, a segment is drawn from the configured weights, and the
// prize is credited to the wallet, all in one transaction (no spin is lost or paid twice).
import { and, eq, lt, sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { SpinResponse } from '../../contract/wallet.ts';
import { formatRupeesShort } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { spins, users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { getWalletBalance, postEntry } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { drawSegment } from './wheel-draw.ts';
import { inTransaction, type RunInTx } from '../idempotency/idempotency.ts';
import { bumpCounters } from '../stats/stat-counters.ts';

export async function useSpin(ctx: AppContext, userId: string, run: RunInTx = inTransaction(ctx.db)): Promise<SpinResponse> {
  const at = ctx.now();
  return run(async (tx) => {
    // The conditional update is the guard: two spins racing for the last one cannot both pass it.
    const taken = await tx
      .update(users)
      .set({ spinsUsed: sql`${users.spinsUsed} + 1`, updatedAt: at })
      .where(and(eq(users.id, userId), lt(users.spinsUsed, users.spinsGranted)))
      .returning({ spinsGranted: users.spinsGranted, spinsUsed: users.spinsUsed });
    const counts = taken[0];
    if (!counts) throw badRequest('No Spins Available', 'NO_SPINS');

    const settings = await getAppSettings(tx);
    const segments = settings.wheelSegments;
    const segmentIndex = drawSegment(segments.map((s) => s.weight));
    const prizePaise = BigInt(segments[segmentIndex]!.amountPaise);

    const spinId = newId();
    await tx.insert(spins).values({ id: spinId, userId, prizePaise, segmentIndex, createdAt: at });

    if (prizePaise > 0n) {
      await postEntry(tx, {
        kind: 'spin_prize',
        refId: spinId,
        userId,
        description: `Spin wheel prize of ${formatRupeesShort(prizePaise)}`,
        at,
        lines: [
          { account: { platform: 'spin_prizes' }, amountPaise: -prizePaise },
          { account: { wallet: userId }, amountPaise: prizePaise },
        ],
      });
      await tx
        .update(users)
        .set({ totalEarningsPaise: sql`${users.totalEarningsPaise} + ${prizePaise}` })
        .where(eq(users.id, userId));
      await bumpCounters(tx, { earnings_paise: prizePaise });
      await notify(tx, {
        userId,
        kind: 'spin_prize',
        title: `You won ${formatRupeesShort(prizePaise)}!`,
        body: `Your spin wheel prize of ₹${formatPaise(prizePaise)} has been added to your wallet.`,
        at,
      });
    }

    const balance = await getWalletBalance(tx, userId);
    return {
      newBalance: formatPaise(balance),
      spinsRemaining: counts.spinsGranted - counts.spinsUsed,
      prize: formatPaise(prizePaise),
      segmentIndex,
    };
  });
}
