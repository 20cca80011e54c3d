// Activating an account and paying the referrer's reward, as one unit inside the caller's
// transaction. Used by payment approval and by an admin's direct activation (which pays the
// reward only when the settings say waived activations are rewarded).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { Tx } from '../db/client.ts';
import { referrals, users } from '../db/schema.ts';
import { createWallet, postEntry } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getAppSettings, type AppSettingsRow } from '../settings/settings.service.ts';
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
 * the referral row is claimed with a conditional update (rewarded_at is null), so the reward is
 * paid once even when two activations race; the ledger's unique (kind, refId) backs it up.
 * The reward is paid only while the referrer's account is active (not suspended); a referral whose
 * referrer is suspended at that moment stays unrewarded.
 */
export async function activateUserAndReward(
  tx: Tx,
  userId: string,
  now: Date,
  via: 'payment' | 'admin',
  settings?: AppSettingsRow,
): Promise<ActivationOutcome> {
  // A plain read inside the transaction: settings changes apply to later rewards only and nothing
  // is recomputed from them, so an admin's change racing this activation needs no lock; we pay
  // by the values as they were when we read them, as if we had run just before the change.
  settings ??= await getAppSettings(tx);
  const [flipped] = await tx
    .update(users)
    .set({ isActivated: true, activatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.isActivated, false)))
    .returning({ id: users.id, username: users.username });
  if (flipped) {
    await notify(tx, {
      userId,
      kind: 'account_activated',
      title: 'Account activated',
      body:
        via === 'payment'
          ? 'Your payment was confirmed and your account is active. Share your referral code to start earning.'
          : 'Your account is active. Share your referral code to start earning.',
      at: now,
    });
  } else if (via === 'admin') {
    return { activated: false, reward: null };
  }

  const rewardPaise = settings.referralRewardPaise;
  // No fee came in for a direct activation: the referrer earns only where the operator chose so.
  if (rewardPaise <= 0n || (via === 'admin' && !settings.rewardWaivedActivations)) return { activated: flipped !== undefined, reward: null };
  // A fee that arrives for an account already activated (directly, as a waiver) still earns the
  // referrer the reward that activation did not pay; the claim below pays it at most once.
  const user = flipped ?? (await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user) return { activated: false, reward: null };

  const [referral] = await tx
    .update(referrals)
    .set({ rewardedAt: now, rewardPaise })
    .where(
      and(
        eq(referrals.referredId, userId),
        isNull(referrals.rewardedAt),
        sql`exists (select 1 from ${users} r where r.id = ${referrals.referrerId} and r.status = 'active')`,
      ),
    )
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!referral) return { activated: flipped !== undefined, reward: null };

  // Spin progress moves forward only: this referral adds one, and a spin is granted when the
  // progress reaches the referrals-per-spin in force now. One statement on the referrer's row, so
  // rewards racing for the same referrer each see the progress the other left (row lock + recheck).
  const perSpin = settings.referralsPerSpin;
  const reaches = sql`${users.referralsTowardSpin} + 1 >= ${perSpin}::int`;
  const [referrer] = await tx
    .update(users)
    .set({
      successfulReferrals: sql`${users.successfulReferrals} + 1`,
      totalEarningsPaise: sql`${users.totalEarningsPaise} + ${rewardPaise}`,
      spinsGranted: sql`${users.spinsGranted} + case when ${reaches} then 1 else 0 end`,
      referralsTowardSpin: sql`case when ${reaches} then 0 else ${users.referralsTowardSpin} + 1 end`,
      updatedAt: now,
    })
    .where(eq(users.id, referral.referrerId))
    .returning({ successfulReferrals: users.successfulReferrals, referralsTowardSpin: users.referralsTowardSpin });
  if (!referrer) throw new Error(`referrer ${referral.referrerId} vanished`);

  // The referrer's user row is locked before their wallet (postEntry): the same order as a spin,
  // which takes the user row then the wallet, so a reward and a spin of one referrer never deadlock.
  // Wallets are opened at sign-up; this covers an account made before that rule (e.g. by a script).
  await createWallet(tx, referral.referrerId, now);
  await postEntry(tx, {
    kind: 'referral_reward',
    refId: referral.id,
    userId: referral.referrerId,
    description: `Referral reward for ${user.username}`,
    at: now,
    lines: [
      { account: { platform: 'referral_rewards' }, amountPaise: -rewardPaise },
      { account: { wallet: referral.referrerId }, amountPaise: rewardPaise },
    ],
  });

  await notify(tx, {
    userId: referral.referrerId,
    kind: 'referral_reward',
    title: 'Referral reward credited',
    body: `₹${formatPaise(rewardPaise)} for ${user.username} joining`,
    at: now,
  });

  // perSpin >= 1, so the progress is back at 0 exactly when this referral completed a spin.
  const spinGranted = referrer.referralsTowardSpin === 0;
  if (spinGranted) {
    await tx.update(referrals).set({ grantsSpin: true }).where(eq(referrals.id, referral.id));
    await notify(tx, {
      userId: referral.referrerId,
      kind: 'spin_granted',
      title: 'Free spin unlocked',
      body: `${referrer.successfulReferrals} successful referrals earned you a free spin. Spin the wheel to win a prize!`,
      at: now,
    });
  }
  return { activated: flipped !== undefined, reward: { referralId: referral.id, referrerId: referral.referrerId, amountPaise: rewardPaise, spinGranted } };
}
