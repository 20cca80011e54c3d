// The words for a transaction's type and state, apart from the list filters (which bring a date
// library): a screen that only shows a list loads these alone.
import type { Transaction } from '../../../contract/wallet.ts';
import type { MessageKey } from '../../i18n/t.ts';

/** The message key of each type's name (translate at render). */
export const TYPE_LABELS = {
  referral: 'transactions.type.referral',
  referral_bonus: 'transactions.type.referralBonus',
  spin: 'transactions.type.spin',
  spin_reward: 'transactions.type.spinReward',
  withdrawal: 'transactions.type.withdrawal',
  refund: 'transactions.type.refund',
  deposit: 'transactions.type.deposit',
  payment: 'transactions.type.payment',
  reversal: 'transactions.type.reversal',
  recovery: 'transactions.type.recovery',
  release: 'transactions.type.release',
} as const satisfies Record<Transaction['type'], MessageKey>;

/** The spec's user words for a state, the same on every screen (message keys; translate at render). */
export const STATUS_LABELS: Partial<Record<string, MessageKey>> = {
  completed: 'transactions.status.completed',
  pending: 'transactions.status.pending',
  rejected: 'transactions.status.rejected',
};
