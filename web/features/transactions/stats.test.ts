import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../contract/wallet.ts';
import { transactionStats } from './stats.ts';

const row = (over: Partial<Transaction>): Transaction => ({
  id: 'x',
  type: 'referral_bonus',
  amount: '400.00',
  direction: 'credit',
  description: '',
  status: 'completed',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('transactionStats', () => {
  it('adds up: opening + credits - debits = closing, a rejected withdrawal and its refund included', () => {
    // Newest first: refund of a rejected 300, the rejected 300, a paid 100, two rewards.
    const rows = [
      row({ type: 'refund', amount: '300.00', direction: 'credit', balanceAfter: '700.00' }),
      row({ type: 'withdrawal', amount: '300.00', direction: 'debit', status: 'rejected', balanceAfter: '400.00' }),
      row({ type: 'withdrawal', amount: '100.00', direction: 'debit', status: 'completed', balanceAfter: '700.00' }),
      row({ amount: '400.00', balanceAfter: '800.00' }),
      row({ amount: '400.00', balanceAfter: '400.00' }),
    ];
    const s = transactionStats(rows);
    expect(s).toMatchObject({ credits: '1100.00', debits: '400.00', withdrawn: '100.00', opening: '0.00', closing: '700.00', count: 5 });
    // A later page alone: its own opening balance makes it add up too.
    expect(transactionStats(rows.slice(0, 2))).toMatchObject({ opening: '700.00', credits: '300.00', debits: '300.00', closing: '700.00' });
  });
});
