// Notifications a user cares about (payment decided, reward credited, spin granted, withdrawal
// decided). Written in the same transaction as the event, so there is never a notice for
// something that did not happen.
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { notifications } from '../db/schema.ts';

export type NotificationKind =
  | 'payment_approved'
  | 'payment_rejected'
  | 'account_activated'
  | 'referral_reward'
  | 'spin_granted'
  | 'spin_prize'
  | 'withdrawal_requested'
  | 'withdrawal_approved'
  | 'withdrawal_rejected';

export async function notify(
  db: DbOrTx,
  n: { userId: string; kind: NotificationKind; title: string; body: string; at: Date },
): Promise<void> {
  await db.insert(notifications).values({ id: newId(), userId: n.userId, kind: n.kind, title: n.title, body: n.body, createdAt: n.at });
}
