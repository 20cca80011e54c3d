// A new user's first walk, where it used to lose their trust: a history that adds up, payouts by
// UPI with the transfer's reference, reasons they can read (a used UTR, a rejected proof), the same
// count on the wheel page and in its toast, the odds on the wheel, an honest download page, a header
// that stays on one line, controls that never sit on top of a link or an action, and an admin
// asked for the password in place when a security change needs a fresh sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createActivatedUser, createAdmin, nextUtr, pngFile, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../server/test/fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function check(page: Page, name: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

describe('a first walk', () => {
  let e: E2E;
  let admin: SignedIn;
  let member: RegisteredUser; // activated, with two paid referrals: ₹800

  beforeAll(async () => {
    e = await startE2E();
    admin = await createAdmin(e.server);
    const settings = await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { upiId: 'referralhub@okaxis', businessName: 'Referral Hub Services' } });
    expect(settings.status).toBe(200);
    member = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    for (let i = 0; i < 2; i++) await createActivatedUser(e.server, admin.token, member.user.referralCode);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('the wallet history adds up, a withdrawal goes to a UPI ID and shows the transfer reference once paid', async () => {
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, member.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByRole('textbox', { name: 'Amount' }).fill('150');
    await page.getByRole('group', { name: 'Pay me by' }).getByText('UPI ID').click();
    expect(await page.getByRole('radio', { name: 'UPI ID' }).isChecked()).toBe(true);
    await page.getByLabel('Account Holder Name').fill('Priya Sharma');
    await page.getByRole('textbox', { name: 'UPI ID' }).fill('priya@okhdfcbank');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, 'Withdrawal Requested');

    const pending = (await e.server.api('GET', '/api/admin/withdrawals?status=pending', { token: admin.token })).body.items[0];
    expect(pending).toMatchObject({ method: 'upi', upiId: 'priya@okhdfcbank' });
    const paid = await e.server.api('PUT', `/api/admin/withdrawals/${pending.id}`, { token: admin.token, body: { status: 'approved', payoutReference: '412345678901' } });
    expect(paid.status).toBe(200);

    await page.reload();
    await waitForHeading(page, 'Wallet');
    const history = page.getByRole('list', { name: 'Withdrawal requests' });
    await history.getByText('UPI priya@okhdfcbank').waitFor();
    await history.getByText('412345678901').waitFor();
    await history.getByText('Completed').first().waitFor();

    await page.goto(`${e.baseUrl}/transactions`);
    await waitForHeading(page, 'Transactions');
    // Every row shows the balance after it, and the sums say how they make the balance.
    await page.getByText('Opening balance ₹0.00 + credits ₹800.00 − debits ₹150.00 = balance ₹650.00').waitFor();
    await page.getByText('Balance ₹650.00').first().waitFor();
    expect(await page.getByText('Account activation fee').count()).toBe(0);
    await check(page, 'first-walk-transactions-mobile');
  });

  it('a used UTR and a rejected proof each say why', async () => {
    const a = await registerUser(e.server, admin.user.referralCode);
    const b = await registerUser(e.server, admin.user.referralCode);
    const taken = await submitPaymentProof(e.server, a.token);
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, b.token);
    await page.goto(`${e.baseUrl}/manual-payment`);
    await waitForHeading(page, 'Manual Payment');
    await page.locator('input[type=file]').first().setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from(await pngFile().arrayBuffer()) });
    await page.getByLabel('UTR Number').fill(taken.utrNumber);
    await page.getByRole('button', { name: /Submit Payment Proof/ }).click();
    await waitForToast(page, 'Failed to submit payment');
    await page.getByText('This UTR number has already been submitted').first().waitFor();

    // b pays with another UTR; the admin rejects it with a reason, which b reads on the dashboard.
    const own = await submitPaymentProof(e.server, b.token, nextUtr());
    await e.server.api('PUT', `/api/admin/manual-payments/${own.id}`, { token: admin.token, body: { status: 'rejected', notes: 'The screenshot is blurred' } });
    await page.goto(`${e.baseUrl}/dashboard`);
    await page.getByText(`Your payment proof (UTR ${own.utrNumber}) was rejected.`).waitFor();
    await page.getByText('Reason: The screenshot is blurred').waitFor();
    await check(page, 'first-walk-rejected-proof-desktop');
  });

  it('the wheel shows every chance on it, and GO without a spin says the same count as the page', async () => {
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, member.token);
    await page.goto(`${e.baseUrl}/spin`);
    await waitForHeading(page, 'Spin Wheel');
    // Each segment carries its chance (once the odds have loaded): the ₹200 every time, ₹50,000 never.
    await page.getByRole('img', { name: /₹200 \(100% chance\).*₹50,000 \(0% chance\)/ }).waitFor();
    await page.getByText('Refer 3 more to get a free spin').waitFor();
    await page.getByRole('button', { name: 'GO - spin the wheel' }).click();
    await page.getByText('Refer 3 more users to get a free spin!', { exact: true }).first().waitFor();
    await check(page, 'first-walk-spin-mobile');
  });

  it('the download page says the Android app is coming (no button that always fails), and the path is a 404', async () => {
    expect((await fetch(`${e.server.url}/downloads/referral-hub.apk`)).status).toBe(404);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, member.token);
    await page.goto(`${e.baseUrl}/download`);
    await waitForHeading(page, 'Download App');
    await page.getByText('Coming soon').waitFor();
    expect(await page.getByRole('button', { name: 'Download APK' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Install the web app' }).waitFor();
    await check(page, 'first-walk-download-mobile');
  });

  it('the phone header stays on one line with ₹99,99,999 at the largest font', async () => {
    // A reward of ₹99,99,999 and one paid referral: the largest balance the header must hold.
    await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { referralReward: '9999999' } });
    const rich = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    await createActivatedUser(e.server, admin.token, rich.user.referralCode);
    await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { referralReward: '400' } });

    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, rich.token, { 'accessibility-font-size': 'extra-large' });
    await page.goto(`${e.baseUrl}/dashboard`);
    await waitForHeading(page, rich.user.username);
    const header = page.locator('header').first();
    const balance = header.getByRole('link', { name: /Wallet balance/ });
    await balance.getByText('₹99,99,999').waitFor();
    const headerBox = await box(header);
    expect(headerBox.height).toBeLessThan(90);
    const bell = await box(header.getByRole('button', { name: /Notifications/ }));
    expect(bell.x + bell.width).toBeLessThanOrEqual(390);
    expect((await box(balance)).height).toBeLessThan(50);
    await check(page, 'first-walk-header-xl-mobile');
  });

  it('on sign-up at 390 px the accessibility button sits in the header, never on a link; the code hint is not shouted', async () => {
    const { page } = await e.newPage('mobile');
    await page.goto(`${e.baseUrl}/register`);
    await waitForHeading(page, 'Create your account');
    const a11y = page.getByRole('button', { name: 'Accessibility settings' });
    for (const y of [0, 400, 10_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const button = await box(a11y).catch(() => null);
      for (const link of await page.getByRole('link').all()) {
        const l = await link.boundingBox();
        if (button && l) expect(overlaps(button, l), `accessibility button over a link at scroll ${y}`).toBe(false);
      }
    }
    const placeholder = await page.getByLabel('Referral Code').evaluate((el) => getComputedStyle(el, '::placeholder').textTransform);
    expect(placeholder).toBe('none');
    await check(page, 'first-walk-register-mobile');
  });

  it('a toast never covers a field or the primary action', async () => {
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, member.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByRole('textbox', { name: 'Amount' }).fill('100');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, 'Account Holder Name Required');
    await waitForAnimations(page);
    const toast = await box(page.getByRole('status').filter({ hasText: 'Account Holder Name Required' }).first());
    for (const target of [page.getByRole('button', { name: 'Request Withdrawal' }), page.getByLabel('Account Holder Name'), page.getByRole('textbox', { name: 'Amount' })]) {
      expect(overlaps(toast, await box(target))).toBe(false);
    }

    // A filled but malformed IFSC is named under its field (not "IFSC Code Required"), and the
    // message goes as soon as the code is corrected.
    await page.getByLabel('Account Holder Name').fill('Priya Sharma');
    await page.getByRole('textbox', { name: 'Account Number' }).fill('123456789012');
    await page.getByRole('textbox', { name: 'IFSC Code' }).fill('HDFC001');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await page.getByText('Enter a valid IFSC code (like HDFC0001234)').waitFor();
    expect(await page.getByText('IFSC Code Required').count()).toBe(0);
    await page.getByRole('textbox', { name: 'IFSC Code' }).fill('HDFC0001234');
    await page.getByText('Enter a valid IFSC code (like HDFC0001234)').waitFor({ state: 'detached' });
  });

  it('an admin whose sign-in is older than 15 minutes confirms the password in place and goes on to set up 2FA', async () => {
    const fresh = await e.server.api('POST', '/api/login', { body: { email: 'admin@example.com', password: 'Admin@12345' } });
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, fresh.body.token);
    await page.goto(`${e.baseUrl}/admin-login`);
    await page.getByRole('button', { name: 'Setup 2FA' }).waitFor();
    e.server.clock.advance(16 * 60 * 1000);
    await page.getByRole('button', { name: 'Setup 2FA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByRole('textbox', { name: 'Password' }).fill('Admin@12345');
    await check(page, 'first-walk-reauth-desktop');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('img', { name: /QR code/i }).first().waitFor();
  });
});
