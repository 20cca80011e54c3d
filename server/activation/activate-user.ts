// Activating an account and paying the referrer's reward, as one unit inside the caller's
// transaction: the database function rh_activate_user, which payment approval (rh_decide_payment)
// runs too. Called from here for an admin's direct activation.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { at, queryRows } from '../db/rows.ts';
import type { CounterDeltas } from '../stats/stat-counters.ts';

export interface ActivationOutcome {
  /** False when the user was already activated: nothing was changed. */
  activated: boolean;
  /** The reward paid to the referrer, if one was paid. */
  reward: { referralId: string; referrerId: string; amountPaise: bigint; spinGranted: boolean } | null;
}

/** What an activation changes in the Overview's running totals. */
export function activationDeltas(outcome: ActivationOutcome): CounterDeltas {
  return { activated_users: outcome.activated ? 1 : 0, earnings_paise: outcome.reward?.amountPaise ?? 0n };
}

/**
 * Flips users.is_activated false -> true (a no-op if already true) and pays the referrer, once:
 * one call of rh_activate_user (migration 0006). The referral row is claimed with a conditional
 * update (rewarded_at is null), so the reward is paid once even when two activations race; the
 * ledger's unique (kind, refId) backs it up. The reward is paid only while the referrer's account
 * is active (not suspended); a referral whose referrer is suspended at that moment stays
 * unrewarded. Via 'admin' (a fee waiver) the referrer is paid only when the setting "reward waived
 * activations" is on; a fee that arrives for an account already activated directly still pays the
 * reward that activation did not. Settings are read inside the call: a change racing it applies
 * to later rewards, as if the activation had run just before the change.
 */
export async function activateUserAndReward(tx: Tx, userId: string, now: Date, via: 'payment' | 'admin'): Promise<ActivationOutcome> {
  const [row] = await queryRows<{ activated: boolean; referral_id: string | null; referrer_id: string | null; reward_paise: string | number | bigint | null; spin_granted: boolean }>(
    tx,
    sql`select * from rh_activate_user(${userId}::uuid, ${at(now)}, ${via})`,
  );
  if (!row) throw new Error('rh_activate_user returned no row');
  return {
    activated: row.activated,
    reward:
      row.referral_id && row.referrer_id && row.reward_paise !== null
        ? { referralId: row.referral_id, referrerId: row.referrer_id, amountPaise: BigInt(row.reward_paise), spinGranted: row.spin_granted }
        : null,
  };
}
