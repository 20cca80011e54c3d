// The RazorpayX client's own rules, without a server: which mode a payout goes by (UPI for a UPI
// ID; IMPS for a bank account up to ₹5 lakh, NEFT above), what a narration may hold, and reading a
// webhook as RazorpayX sends it (its documented payload, anonymised) with the signature checked over
// the exact bytes.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRazorpayXProvider, IMPS_LIMIT_PAISE, payoutMode, razorpayXPayoutBody } from './razorpayx.ts';
import { PayoutProviderError, type PayoutRequest } from './payout-provider.ts';

const bank = (amountPaise: bigint): PayoutRequest => ({
  referenceId: '0190f3a4-0000-7000-8000-000000000001',
  amountPaise,
  destination: { kind: 'bank', name: 'Asha Verma', ifsc: 'HDFC0001234', accountNumber: '123456789012' },
  contact: { name: 'Asha Verma', phone: '9876543210', referenceId: '0190f3a4-0000-7000-8000-0000000000aa' },
  narration: 'Referral Hub withdrawal',
});

const SECRET = 'whsec-unit-0123456789';
const provider = createRazorpayXProvider({ keyId: 'rzp_test_k', keySecret: 's', accountNumber: '7878780080316316', webhookSecret: SECRET, baseUrl: 'http://127.0.0.1:9', log: () => undefined });

/** RazorpayX's payout.reversed payload as its documentation shows it, with made-up ids and values. */
const REVERSED = {
  entity: 'event',
  account_id: 'acc_00000000000001',
  event: 'payout.reversed',
  contains: ['payout'],
  payload: {
    payout: {
      entity: {
        id: 'pout_00000000000001',
        entity: 'payout',
        fund_account_id: 'fa_00000000000001',
        amount: 50000,
        currency: 'INR',
        notes: [],
        fees: 0,
        tax: 0,
        status: 'reversed',
        purpose: 'payout',
        utr: '612000000001',
        mode: 'UPI',
        reference_id: '0190f3a4-0000-7000-8000-000000000001',
        narration: 'Referral Hub withdrawal',
        batch_id: null,
        failure_reason: 'Beneficiary account is closed',
        created_at: 1764300000,
        fee_type: '',
        status_details: { description: 'Payout failed as the beneficiary account is closed. Please retry with correct account details', source: 'beneficiary_bank', reason: 'beneficiary_account_closed' },
      },
    },
  },
  created_at: 1764300600,
};

const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

describe('the RazorpayX payout request', () => {
  it('UPI for a UPI ID, IMPS for a bank account up to ₹5 lakh, NEFT above', () => {
    expect(payoutMode({ destination: { kind: 'vpa', address: 'a@okaxis' }, amountPaise: 10_00_000_00n })).toBe('UPI');
    expect(payoutMode(bank(IMPS_LIMIT_PAISE))).toBe('IMPS');
    expect(payoutMode(bank(IMPS_LIMIT_PAISE + 1n))).toBe('NEFT');
    expect(razorpayXPayoutBody(bank(IMPS_LIMIT_PAISE + 1n), '7878780080316316')).toMatchObject({ mode: 'NEFT', amount: 50_000_001 });
  });

  it('the narration keeps to the 30 letters, digits and spaces RazorpayX takes', () => {
    const body = razorpayXPayoutBody({ ...bank(10_000n), narration: 'Kamal & Sons — रेफ़रल withdrawal payouts' }, 'X1');
    expect(body.narration).toBe('Kamal Sons withdrawal payouts');
    expect(String(body.narration).length).toBeLessThanOrEqual(30);
  });
});

describe('a RazorpayX webhook', () => {
  it('is read from its documented payload: payout id, our reference, status, UTR and the reason', () => {
    const body = JSON.stringify(REVERSED);
    const verdict = provider.verifyWebhook(Buffer.from(body), { 'x-razorpay-signature': sign(body), 'x-razorpay-event-id': 'evt_00000000000001' });
    expect(verdict).toEqual({
      ok: true,
      event: {
        eventId: 'evt_00000000000001',
        name: 'payout.reversed',
        occurredAt: new Date(1764300600 * 1000),
        payout: {
          payoutId: 'pout_00000000000001',
          referenceId: '0190f3a4-0000-7000-8000-000000000001',
          status: 'reversed',
          amountPaise: 50_000n,
          currency: 'INR',
          mode: 'UPI',
          utr: '612000000001',
          reason: 'beneficiary_account_closed',
          description: 'Payout failed as the beneficiary account is closed. Please retry with correct account details',
        },
      },
    });
  });

  it('is refused when the signature is of other bytes, of another secret, or missing; or the event id is missing', () => {
    const body = JSON.stringify(REVERSED);
    const headers = (signature: string) => ({ 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' });
    expect(provider.verifyWebhook(Buffer.from(body.replace('reversed', 'processed')), headers(sign(body)))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyWebhook(Buffer.from(body), headers(sign(body, 'another')))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyWebhook(Buffer.from(body), { 'x-razorpay-event-id': 'evt_1' })).toEqual({ ok: false, reason: 'missing_signature' });
    expect(provider.verifyWebhook(Buffer.from(body), { 'x-razorpay-signature': sign(body) })).toEqual({ ok: false, reason: 'missing_event_id' });
  });

  it('names other events without a payout (acknowledged, never applied)', () => {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_1', event: 'transaction.created', contains: ['transaction'], payload: {}, created_at: 1764300600 });
    expect(provider.verifyWebhook(Buffer.from(body), { 'x-razorpay-signature': sign(body), 'x-razorpay-event-id': 'evt_2' })).toMatchObject({ ok: true, event: { name: 'transaction.created', payout: null } });
  });
});

describe('errors worth trying again', () => {
  it('no answer, 409, 429 and 5xx are tried again; any other 4xx waits for an admin', () => {
    const retryable = (status: number | null) => new PayoutProviderError('POST /v1/payouts', status, 'X', '').retryable;
    expect([null, 409, 429, 500, 502].map(retryable)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 422].map(retryable)).toEqual([false, false, false, false, false]);
  });
});

describe('configuration', () => {
  it('PAYOUT_PROVIDER=razorpayx needs its keys, account number and webhook secret; the API defaults to RazorpayX', async () => {
    const { loadConfig } = await import('../env.ts');
    const missing = loadConfig({ PAYOUT_PROVIDER: 'razorpayx', RAZORPAYX_KEY_ID: 'rzp_live_k' });
    expect(missing).toMatchObject({ ok: false });
    expect(!missing.ok && missing.error).toContain('PAYOUT_PROVIDER=razorpayx needs RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER and RAZORPAYX_WEBHOOK_SECRET');
    const full = loadConfig({ PAYOUT_PROVIDER: 'razorpayx', RAZORPAYX_KEY_ID: 'rzp_live_k', RAZORPAYX_KEY_SECRET: 's', RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316', RAZORPAYX_WEBHOOK_SECRET: 'w' });
    expect(full.ok && full.config.payouts).toEqual({ provider: 'razorpayx', keyId: 'rzp_live_k', keySecret: 's', accountNumber: '7878780080316316', webhookSecret: 'w', baseUrl: 'https://api.razorpay.com' });
    expect(loadConfig({}).ok && (loadConfig({}) as { config: { payouts: unknown } }).config.payouts).toBeNull();
    expect(loadConfig({ PAYOUT_PROVIDER: 'paypal' })).toMatchObject({ ok: false });
  });
});
