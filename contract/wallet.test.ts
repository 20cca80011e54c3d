import { describe, expect, it } from 'vitest';
import { createWithdrawFormSchema, describeWalletError, formatRupeesShort, minimumWithdrawalMessage } from './wallet.ts';

describe('wallet contract', () => {
  it('writes the minimum the way the spec does', () => {
    expect(formatRupeesShort(10_000n)).toBe('₹100');
    expect(formatRupeesShort(10_050n)).toBe('₹100.50');
    expect(minimumWithdrawalMessage(10_000n)).toBe('Minimum withdrawal amount is ₹100');
  });

  it('parses the form: trims, upper-cases the IFSC, amount in paise; first issue follows the form order', () => {
    const schema = createWithdrawFormSchema(10_000n);
    expect(
      schema.parse({ amount: '150.5', accountHolderName: ' Asha ', accountNumber: '1234 5678 9012', ifscCode: 'sbin0000001', upiId: '' }),
    ).toEqual({ amount: 15_050n, method: 'bank', accountHolderName: 'Asha', accountNumber: '123456789012', ifscCode: 'SBIN0000001', upiId: null });
    const bad = schema.safeParse({ amount: '50', accountHolderName: '', accountNumber: '', ifscCode: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Minimum withdrawal amount is ₹100',
      'Account Holder Name Required',
      'Account Number Required',
      'IFSC Code Required',
    ]);
  });

  it('pays to a UPI ID without bank fields, and asks for the UPI ID when UPI is chosen', () => {
    const schema = createWithdrawFormSchema(10_000n);
    expect(schema.parse({ amount: '100', accountHolderName: 'Priya', upiId: 'priya@okhdfcbank' })).toEqual({
      amount: 10_000n,
      method: 'upi',
      accountHolderName: 'Priya',
      accountNumber: null,
      ifscCode: null,
      upiId: 'priya@okhdfcbank',
    });
    const missing = schema.safeParse({ amount: '100', method: 'upi', accountHolderName: 'Priya' });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['upiId', 'UPI ID Required']]);
    const bad = schema.safeParse({ amount: '100', method: 'upi', accountHolderName: 'Priya', upiId: 'priya at bank' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Enter a valid UPI ID (like name@okhdfcbank)']);
  });

  it('maps error bodies to the spec’s toast title and description', () => {
    expect(describeWalletError({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient Balance' })).toEqual({
      title: 'Insufficient Balance',
      description: "You don't have enough balance for this withdrawal",
    });
    expect(describeWalletError({ code: 'BELOW_MINIMUM', message: 'Minimum withdrawal amount is ₹100' })).toEqual({
      title: 'Invalid Amount',
      description: 'Minimum withdrawal amount is ₹100',
    });
    expect(describeWalletError({ code: 'NO_SPINS', message: 'No Spins Available' })).toEqual({
      title: 'No Spins Available',
      description: 'Refer 5 more users to get a free spin!',
    });
    expect(describeWalletError({ code: 'VALIDATION_FAILED', message: 'IFSC Code Required' })).toEqual({ title: 'IFSC Code Required' });
  });
});
