// The admin panel's pure helpers: bank details parsing, the payout CSV and activity sentences.
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { AdminWithdrawal } from '../../../contract/wallet.ts';
import adminMessages from '../../i18n/locales/en/admin.json';
import { t } from '../../i18n/t.ts';
import { describeActivity } from '../../lib/activity-text.ts';
import { parseBankDetails } from './bank-details.ts';
import { payoutCsv, toCsv } from './csv.ts';

describe('parseBankDetails', () => {
  it('reads the JSON fields', () => {
    expect(parseBankDetails('{"accountHolderName":"Priya Sharma","accountNumber":"123456789012","ifscCode":"hdfc0001234"}')).toEqual({
      accountHolderName: 'Priya Sharma',
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
    });
  });
  it('uses unparsable text as the account number', () => {
    expect(parseBankDetails('SBI 00112233 Priya')).toEqual({ accountHolderName: '', accountNumber: 'SBI 00112233 Priya', ifscCode: '' });
    expect(parseBankDetails(null).accountNumber).toBe('');
  });
});

describe('payout CSV', () => {
  it('quotes and neutralises formulas', () => {
    expect(toCsv([['a,b', 'say "hi"', '=SUM(A1)', '-5']])).toBe('"a,b","say ""hi""",\'=SUM(A1),\'-5\r\n');
  });
  it('lists method, holder, UPI ID or account and IFSC, amount, id and date', () => {
    const bank = {
      id: 'w1',
      amount: '150.00',
      method: 'bank',
      bankDetails: '{"accountHolderName":"Priya Sharma","accountNumber":"123456789012","ifscCode":"HDFC0001234"}',
      accountHolderName: 'Priya Sharma',
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
      upiId: null,
      createdAt: '2026-11-21T06:00:00.000Z',
    } as AdminWithdrawal;
    const upi = { ...bank, id: 'w2', method: 'upi', bankDetails: '{"accountHolderName":"Priya Sharma","upiId":"priya@okhdfcbank"}', accountNumber: null, ifscCode: null, upiId: 'priya@okhdfcbank' } as AdminWithdrawal;
    const [header, bankRow, upiRow] = payoutCsv([bank, upi]).trim().split('\r\n');
    expect(header).toBe('Method,Account Holder,UPI ID,Account Number,IFSC,Amount (INR),Withdrawal ID,Requested On');
    expect(bankRow).toBe('Bank,Priya Sharma,,123456789012,HDFC0001234,150.00,w1,21 Nov 2026');
    expect(upiRow).toBe('UPI,Priya Sharma,priya@okhdfcbank,,,150.00,w2,21 Nov 2026');
  });
});

describe('describeActivity', () => {
  beforeAll(() => {
    // The English admin catalogue, flattened to `admin.<path>` keys as the app loads it.
    const messages: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
    const add = (prefix: string, node: object) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'string') messages[`${prefix}.${k}`] = compileMessageOrThrow(v);
        else add(`${prefix}.${k}`, v as object);
      }
    };
    add('admin', adminMessages);
    i18n.loadAndActivate({ locale: 'en', messages });
  });
  const base = { id: '1', actorId: 'a', actorName: 'Asha', targetType: null, targetId: null, ip: null, createdAt: '2026-11-21T06:00:00.000Z' };
  it('writes sentences with amounts', () => {
    expect(describeActivity({ ...base, action: 'payment.approved', details: { amount: '500.00', utrNumber: '123456789012' } }, t).text).toBe(
      'Asha approved a ₹500.00 activation payment (UTR 123456789012)',
    );
    expect(describeActivity({ ...base, action: 'withdrawal.rejected', details: { amount: '150.00', notes: 'Wrong IFSC' } }, t).text).toBe(
      'Asha rejected a ₹150.00 withdrawal and refunded it — “Wrong IFSC”',
    );
    expect(describeActivity({ ...base, action: 'settings.updated', details: { changed: ['referralReward', 'upiId'] } }, t).text).toBe('Asha updated referral reward, UPI ID');
    expect(
      describeActivity({ ...base, action: 'settings.updated', details: { changed: { referralReward: { from: '400.00', to: '250.00' }, upiId: { from: null, to: 'a@ok' } } } }, t).text,
    ).toBe('Asha updated referral reward ₹400.00 → ₹250.00, UPI ID');
    expect(describeActivity({ ...base, action: 'payment.approved', details: null }, t).text).toBe('Asha approved an activation payment');
  });
});
