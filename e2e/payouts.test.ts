// Journey of payouts that pay themselves, in Chromium against a fake RazorpayX over HTTP: an admin
// approves a UPI withdrawal in the Withdrawals tab (no UTR to type: RazorpayX sends it), the row shows
// the payout being sent with its payout id; the bank's confirmation arrives as a signed webhook and
// the person's wallet shows the withdrawal completed with the UTR. A payout RazorpayX refuses waits
// in the "could not be sent" list, and the admin returns its money to the wallet with a reason; a
// payout queued for the business account's balance raises the alert. Each screen is checked with axe
// at 1280 px and 390 px and photographed; the ledger holds at the end.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type SignedIn } from '../server/test/fixtures.ts';
import { createFundedUser, withdraw } from '../server/test/money-fixtures.ts';
import { startFakeRazorpayX, type FakeRazorpayX } from '../server/test/fake-razorpayx.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

const WEBHOOK_SECRET = 'whsec-e2e-payouts-0123456789';

/** The Withdrawals tab's filter set to the withdrawals being paid. */
async function showBeingPaid(page: Page) {
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Being paid' }).click();
}

async function checkScreen(page: Page, name: string, label: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, label);
}

describe('payouts through RazorpayX', () => {
  let e: E2E;
  let fake: FakeRazorpayX;
  let admin: SignedIn;

  beforeAll(async () => {
    fake = await startFakeRazorpayX();
    e = await startE2E({
      env: {
        PAYOUT_PROVIDER: 'razorpayx',
        RAZORPAYX_KEY_ID: fake.keyId,
        RAZORPAYX_KEY_SECRET: fake.keySecret,
        RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
        RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAYX_BASE_URL: fake.url,
      },
    });
    admin = await createAdmin(e.server);
  });
  afterAll(async () => {
    await e?.server.ctx.payouts?.queue.stop();
    await e?.close();
    await fake?.close();
  });

  it('an approval pays the UPI ID through RazorpayX; refused and waiting payouts are in view', async () => {
    const payee = await createFundedUser(e.server, admin.token, admin.user.referralCode);
    const w = await withdraw(e.server, payee.token, { amount: '500', method: 'upi', upiId: 'asha.verma@okaxis' });
    expect(w.status).toBe(201);

    // The admin approves in the Withdrawals tab: the dialog says RazorpayX sends it, and asks for no UTR.
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/withdrawals`);
    await waitForHeading(page, 'Admin Panel');
    const row = page.getByRole('row', { name: new RegExp(payee.user.username) });
    await row.getByRole('button', { name: `Approve withdrawal for ${payee.user.username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('RazorpayX sends it to the UPI ID asha.verma@okaxis right away').waitFor();
    expect(await dialog.getByText('Transfer reference (UTR, optional)').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(page, 'Payout on its way');
    await e.server.ctx.payouts!.queue.drain();
    const payout = fake.payouts.find((p) => p.reference_id === w.body.id)!;
    expect(fake.createRequests().at(-1)).toMatchObject({ idempotencyKey: w.body.id, body: { mode: 'UPI', fund_account: { vpa: { address: 'asha.verma@okaxis' } } } });

    // A second withdrawal RazorpayX refuses, and a third it holds until the business account has money.
    const refusedUser = await createFundedUser(e.server, admin.token, admin.user.referralCode);
    const refused = await withdraw(e.server, refusedUser.token, { amount: '300', method: 'upi', upiId: 'no.such.id@okaxis' });
    fake.refuseNext(1, 'Invalid VPA. Please enter a valid Virtual Payment Address');
    await e.server.api('PUT', `/api/admin/withdrawals/${refused.body.id}`, { token: admin.token, body: { status: 'approved' } });
    await e.server.ctx.payouts!.queue.drain();
    const waitingUser = await createFundedUser(e.server, admin.token, admin.user.referralCode);
    const waiting = await withdraw(e.server, waitingUser.token, { amount: '1000', accountHolderName: 'Ravi Kumar', accountNumber: '001234567890', ifscCode: 'ICIC0001234' });
    fake.lowBalance(true);
    await e.server.api('PUT', `/api/admin/withdrawals/${waiting.body.id}`, { token: admin.token, body: { status: 'approved' } });
    await e.server.ctx.payouts!.queue.drain();
    fake.lowBalance(false);

    // Those being paid, each with what RazorpayX says.
    await page.reload();
    await waitForHeading(page, 'Admin Panel');
    await showBeingPaid(page);
    await page.getByText('Payouts waiting for the bank balance').waitFor();
    await page.getByText('1 payout could not be sent').waitFor();
    const sending = page.getByRole('row', { name: new RegExp(payee.user.username) });
    await sending.getByText('Sending').waitFor();
    await sending.getByText('RazorpayX · UPI: processing').waitFor();
    await sending.getByText(payout.id).waitFor();
    await page.getByRole('row', { name: new RegExp(waitingUser.user.username) }).getByText('Waiting for balance').waitFor();
    await checkScreen(page, 'payouts-withdrawals-desktop', 'withdrawals with payouts');
    const phone = await e.newPage('mobile');
    await signInWithToken(phone.page, e.baseUrl, admin.token);
    await phone.page.goto(`${e.baseUrl}/admin/withdrawals`);
    await waitForHeading(phone.page, 'Admin Panel');
    await showBeingPaid(phone.page);
    await phone.page.getByText('1 payout could not be sent').waitFor();
    await phone.page.getByText('Waiting for balance').filter({ visible: true }).first().waitFor();
    await checkScreen(phone.page, 'payouts-withdrawals-mobile', 'withdrawals with payouts on a phone');

    // The refused payout's money goes back to the wallet, with the reason the person reads.
    await page.getByRole('button', { name: `Return ₹300.00 to the wallet of ${refusedUser.user.username}` }).click();
    await page.getByRole('dialog').getByLabel('Reason the person reads').fill('This UPI ID does not exist. Please request again with the right one.');
    await page.getByRole('dialog').getByRole('button', { name: 'Return ₹300.00' }).click();
    await waitForToast(page, 'Money returned');
    expect((await e.server.api('GET', '/api/user', { token: refusedUser.token })).body.walletBalance).toBe('2000.00');

    // The bank confirms the first payout: the webhook completes it, and the person sees the UTR.
    const processed = fake.settle(payout.id, 'processed');
    const hook = await fake.sendWebhook(`${e.server.origin.replace('localhost', '127.0.0.1')}/api/payouts/webhook/razorpayx`, 'payout.processed', processed, { secret: WEBHOOK_SECRET });
    expect(hook.status).toBe(200);

    const wallet = await e.newPage('mobile');
    await signInWithToken(wallet.page, e.baseUrl, payee.token);
    await wallet.page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(wallet.page, 'Wallet');
    await wallet.page.getByText(processed.utr!).first().waitFor();
    await checkScreen(wallet.page, 'payouts-wallet-completed-mobile', 'wallet with the payout completed');
    await expectLedgerHolds(e.server);
  });
});
