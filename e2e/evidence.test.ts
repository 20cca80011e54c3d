// Journey of payments confirmed by evidence, in Chromium against a fake Razorpay over HTTP:
// a new user pays the fee with "Pay now" (a single-use QR; the gateway's signed webhook activates
// the account while the page polls) and sees "Paid with Razorpay" in the history; an admin
// reconciles an HDFC statement export, sees the four lists and approves the matched proof in one
// action; an account sharing a device with its referrer shows its risk flag with the evidence, the
// referrer's reward waits on hold (the wallet says so) and a Super Admin releases it. Each new
// screen is checked with axe and photographed; the ledger holds at the end.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatement } from '../server/reconciliation/fixtures/generate-statement.ts';
import { createActivatedUser, createAdmin, nextPhone, nextUtr, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../server/test/fixtures.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../server/test/fake-razorpay.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { closeDialogWithEscape, expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';
import { PRIVACY_POLICY_VERSION } from '../contract/constants.ts';

const WEBHOOK_SECRET = 'whsec-e2e-0123456789';
const FEE_PAISE = 50_000n;

async function checkScreen(page: Page, name: string, label: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, label);
}

describe('payments confirmed by evidence', () => {
  let e: E2E;
  let fake: FakeRazorpay;
  let admin: SignedIn;
  let referrer: RegisteredUser;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    e = await startE2E({
      env: { PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_BASE_URL: fake.url },
    });
    admin = await createAdmin(e.server);
    referrer = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
  });
  afterAll(async () => {
    await e?.close();
    await fake?.close();
  });

  it('"Pay now" activates the account as soon as the gateway confirms the payment', async () => {
    const payer = await registerUser(e.server, referrer.user.referralCode, { username: 'Asha Verma' });
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, payer.token);
    await page.goto(`${e.baseUrl}/manual-payment`);
    await waitForHeading(page, 'Manual Payment');
    await page.getByRole('button', { name: 'Pay ₹500 now' }).click();
    await page.getByRole('img', { name: 'UPI QR code to pay ₹500 through Razorpay' }).waitFor();
    await page.getByText('Waiting for your payment…').first().waitFor();
    await checkScreen(page, 'pay-now-qr-mobile', 'Pay now QR');

    // The customer pays the QR; the gateway tells the server with a signed webhook.
    const qr = [...fake.qrCodes.values()].at(-1)!;
    const payment = fake.pay(qr.id);
    const sent = await fake.sendWebhook(`${e.baseUrl}/api/payments/webhook/razorpay`, 'qr_code.credited', payment, { secret: WEBHOOK_SECRET });
    expect(sent.status).toBe(200);
    // The page polls the checkout and opens the activated account.
    await waitForToast(page, 'Payment received');
    await page.getByText('Paid with Razorpay').first().waitFor();
    expect((await e.server.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(true);
    await checkScreen(page, 'pay-now-paid-mobile', 'paid with the gateway');
  });

  it('an admin reconciles a bank statement and approves the matched proof in one action', async () => {
    const payer = await registerUser(e.server, referrer.user.referralCode, { username: 'Ravi Kumar' });
    const proof = await submitPaymentProof(e.server, payer.token);
    const stray = nextUtr();
    const twoWeeksAgo = new Date(e.server.clock.now().getTime() - 14 * 86_400_000).toISOString().slice(0, 10);
    const csv = generateStatement({
      layout: 'hdfc',
      transactions: 30,
      firstDate: twoWeeksAgo,
      credits: [
        { utr: proof.utrNumber, amountPaise: FEE_PAISE },
        { utr: stray, amountPaise: FEE_PAISE },
      ],
      seed: 11,
    });

    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/payments`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByRole('button', { name: 'Reconcile with bank statement' }).click();
    await page.getByRole('heading', { name: 'Upload the statement' }).waitFor();
    await checkScreen(page, 'reconcile-upload-desktop', 'reconcile upload');
    await page.getByLabel('Choose the statement file, or drop it here').setInputFiles({ name: 'hdfc-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The matched table names the payer; the stray credit waits under "Credits with no proof".
    await page.getByRole('cell', { name: 'Ravi Kumar', exact: true }).waitFor();
    await page.getByRole('cell', { name: stray, exact: true }).waitFor();
    await checkScreen(page, 'reconcile-result-desktop', 'reconcile result');

    await page.getByRole('button', { name: 'Approve all matched (1)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve 1' }).click();
    await page.getByText('Matched payments approved').first().waitFor();
    expect((await e.server.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(true);
    // Uploading the same statement again approves nothing twice.
    const again = await e.server.upload('POST', '/api/admin/reconciliation', statementForm(csv), { token: admin.token });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
  });

  it('a shared device flags both accounts with the evidence; the held reward is released by a Super Admin', async () => {
    const device = 'e2e-shared-phone-0123456789';
    const host = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    await e.server.api('POST', '/api/login', { body: { phone: host.phone, password: host.password }, headers: { 'x-device-id': device } });
    const phone = nextPhone();
    const reg = await e.server.api('POST', '/api/register', {
      body: { username: 'Puppet Account', phone, password: 'secret123', referralCode: host.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION },
      headers: { 'x-device-id': device },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const verified = await e.server.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await e.server.lastCode(phone) } });
    const proof = await submitPaymentProof(e.server, verified.body.token);
    expect((await e.server.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    const held = (await e.server.api('GET', '/api/user', { token: host.token })).body;
    expect(held).toMatchObject({ walletBalance: '0.00', heldBalance: '400.00' });

    // The referrer sees the reward as pending review, not withdrawable.
    const user = await e.newPage('mobile');
    await signInWithToken(user.page, e.baseUrl, host.token);
    await user.page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(user.page, 'Wallet');
    await user.page.getByText('₹400.00 pending review').waitFor();
    await checkScreen(user.page, 'wallet-held-mobile', 'wallet with held rewards');

    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/users`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByRole('searchbox', { name: 'Search name, phone, email' }).fill(host.user.username);
    await page.getByText('Same device as Puppet Account').first().waitFor();
    await page.getByText('₹400.00 on hold').first().waitFor();
    await checkScreen(page, 'admin-users-risk-desktop', 'users with risk flags');

    await page.getByRole('button', { name: `Release the held rewards of ${host.user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
    await waitForToast(page, 'Rewards released');
    await page.getByRole('dialog').waitFor({ state: 'hidden' }).catch(() => closeDialogWithEscape(page));
    expect((await e.server.api('GET', '/api/user', { token: host.token })).body).toMatchObject({ walletBalance: '400.00', heldBalance: '0.00' });
    await expectLedgerHolds(e.server);
  });
});

function statementForm(csv: string): FormData {
  const form = new FormData();
  form.set('statement', new File([csv], 'hdfc-statement.csv', { type: 'text/csv' }));
  return form;
}
