// Journey: the money screens. A visitor signs up with the admin's referral link, submits the activation
// payment proof, the admin approves it (API), the user shares their code, gets 5 activated referrals
// (API), spins the wheel (the dialog shows the server's prize), withdraws, and sees it in the
// histories. Also: the activation gate, CSV export, the missing-APK alert, axe in normal and
// high-contrast modes and screenshots of every screen in both viewports.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin, nextPhone, PNG_1X1, registerUser } from '../server/test/fixtures.ts';
import { APP_NAME, expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E, type ViewportName, WEB_DIST } from './harness.ts';

const MONEY_ROUTES: [string, string][] = [
  ['/manual-payment', 'Manual Payment'],
  ['/upi-payment', 'UPI Payment'],
  ['/wallet', 'Wallet'],
  ['/referrals', 'Referrals'],
  ['/spin', 'Spin Wheel'],
  ['/payments', 'Payments'],
  ['/transactions', 'Transactions'],
  ['/download', 'Download App'],
];

function inr(amount: string): string {
  const [whole = '0', frac = '00'] = amount.split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
  return `₹${grouped}.${(frac + '00').slice(0, 2)}`;
}

describe('user money screens', () => {
  let e: E2E;
  let adminToken: string;
  let adminCode: string;
  let userToken = '';
  let userCode = '';
  let snapshot = '';

  beforeAll(async () => {
    // Other journeys may rebuild dist/web while this long file runs; serve a private copy.
    snapshot = await mkdtemp(path.join(os.tmpdir(), 'money-web-'));
    await cp(WEB_DIST, snapshot, { recursive: true });
    e = await startE2E({ webDist: snapshot });
    const admin = await createAdmin(e.server);
    adminToken = admin.token;
    adminCode = admin.user.referralCode;
    const settings = await e.server.api('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { upiId: 'referralhub@okaxis', businessName: 'Referral Hub Services' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });
  afterAll(async () => {
    await e?.close();
    if (snapshot) await rm(snapshot, { recursive: true, force: true });
  });

  it('signs up, pays, gets activated, refers, spins, withdraws (desktop)', async () => {
    const { page } = await e.newPage('desktop');
    const phone = nextPhone();

    // Sign up through the referral link with the SMS code from the dev outbox.
    await page.goto(`${e.baseUrl}/register?ref=${adminCode}`);
    await waitForHeading(page, 'Create your account');
    await page.getByLabel('Username').fill('Ananya Rao');
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await e.server.lastCode(phone));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL('**/dashboard');
    userToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(userToken).not.toBe('');

    // Manual payment: QR and details, the spec's validation, then a real PNG upload.
    await page.goto(`${e.baseUrl}/manual-payment`);
    await waitForHeading(page, 'Manual Payment');
    await page.getByRole('img', { name: /UPI QR code/ }).waitFor();
    await page.getByText('referralhub@okaxis').first().waitFor();
    await page.getByRole('button', { name: /Submit Payment Proof/ }).click();
    await waitForToast(page, 'Please provide payment screenshot and UTR number');
    await page.locator('input[type=file]').setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByText('payment.png').waitFor();
    await page.getByLabel('UTR Number').fill('412345678901');
    await page.getByLabel('Notes (optional)').fill('Paid from GPay');
    await screenshot(page, 'money-manual-payment-form-desktop');
    await page.getByRole('button', { name: /Submit Payment Proof/ }).click();
    await waitForToast(page, 'Payment Submitted');
    await page.getByRole('heading', { name: 'Payment under review' }).waitFor();
    await page.getByRole('list', { name: 'Payment history' }).getByText('Pending').waitFor();
    await screenshot(page, 'money-manual-payment-pending-desktop');
    await expectNoSeriousA11yViolations(page, 'manual payment (pending)');
    // The proof's screenshot comes through the bearer-token viewer, full size in a dialog.
    await page.getByRole('button', { name: 'View payment screenshot, UTR 412345678901' }).click();
    const viewer = page.getByRole('dialog', { name: 'Payment screenshot' });
    await viewer.locator('img[src^="blob:"]').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The admin approves the proof through the API.
    const list = await e.server.api('GET', '/api/admin/manual-payments?status=pending', { token: adminToken });
    expect(list.status).toBe(200);
    const payment = (list.body.items as { id: string; utrNumber: string }[]).find((p) => p.utrNumber === '412345678901');
    expect(payment).toBeDefined();
    const approved = await e.server.api('PUT', `/api/admin/manual-payments/${payment!.id}`, { token: adminToken, body: { status: 'approved' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    await page.reload();
    await waitForHeading(page, 'Manual Payment');
    await page.getByRole('heading', { name: 'Account Active' }).waitFor();
    await page.getByRole('list', { name: 'Payment history' }).getByText('Approved', { exact: true }).waitFor();
    await screenshot(page, 'money-manual-payment-active-desktop');

    // Referrals: code and link.
    const me = await e.server.api('GET', '/api/user', { token: userToken });
    userCode = me.body.referralCode;
    await page.goto(`${e.baseUrl}/referrals`);
    await waitForHeading(page, 'Referrals');
    expect(await page.getByTestId('referral-code').textContent()).toBe(userCode);
    expect(await page.getByTestId('referral-link').textContent()).toBe(`${e.baseUrl}/register?ref=${userCode}`);
    await page.getByText('No referrals yet - share your code').waitFor();
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await waitForToast(page, 'Referral link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e.baseUrl}/register?ref=${userCode}`);
    expect(await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(await page.getByRole('link', { name: 'Share on SMS' }).getAttribute('href')).toMatch(/^sms:\?body=/);
    expect(await page.getByRole('link', { name: 'Share on Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=.+&body=/);
    await screenshot(page, 'money-referrals-empty-desktop');

    // Five activated referrals give ₹2000 and one spin.
    for (let i = 0; i < 5; i += 1) await createActivatedUser(e.server, adminToken, userCode);
    await page.reload();
    await waitForHeading(page, 'Referrals');
    await expect.poll(() => page.getByRole('list', { name: 'Referred users' }).getByRole('listitem').count()).toBe(5);
    await screenshot(page, 'money-referrals-desktop');

    // Spin: the server draws, the wheel lands, the dialog shows the real prize and balance.
    await page.goto(`${e.baseUrl}/spin`);
    await waitForHeading(page, 'Spin Wheel');
    expect(await page.getByTestId('spins-available').textContent()).toBe('1');
    await page.getByRole('table', { name: 'Chance of each prize' }).waitFor();
    await screenshot(page, 'money-spin-desktop');
    const [spinRes] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/use-spin')),
      page.getByRole('button', { name: /GO/ }).click(),
    ]);
    const spin = (await spinRes.json()) as { prize: string; newBalance: string; spinsRemaining: number; segmentIndex: number };
    expect(spinRes.status()).toBe(200);
    const started = Date.now();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 12_000 });
    expect(Date.now() - started).toBeGreaterThan(4500);
    await dialog.getByTestId('spin-new-balance').waitFor();
    expect(await dialog.getByTestId('spin-prize').textContent()).toBe(inr(spin.prize));
    expect(await dialog.getByTestId('spin-new-balance').textContent()).toBe(inr(spin.newBalance));
    expect(spin.newBalance).toBe((2000 + Number(spin.prize)).toFixed(2));
    await screenshot(page, 'money-spin-result-desktop');
    await expectNoSeriousA11yViolations(page, 'spin result dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('spins-available').textContent()).toBe('0');
    await page.getByRole('button', { name: /GO/ }).click();
    await waitForToast(page, 'Refer 5 more users to get a free spin!');

    // Wallet: validation toasts, then a withdrawal that shows as Pending.
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    expect(await page.getByTestId('wallet-balance').textContent()).toBe(inr(spin.newBalance));
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, 'Minimum withdrawal amount is ₹100');
    await page.getByLabel('Amount', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, 'Account Holder Name Required');
    await page.getByLabel('Account Holder Name').fill('Ananya Rao');
    await page.getByLabel('Account Number').fill('123456789012');
    await page.getByLabel('IFSC Code').fill('sbin0001234');
    await page.getByLabel('Amount', { exact: true }).fill('9999999');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, "You don't have enough balance for this withdrawal");
    await page.getByLabel('Amount', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await waitForToast(page, 'Withdrawal Requested');
    const history = page.getByRole('list', { name: 'Withdrawal requests' });
    await history.getByText('Pending').waitFor();
    await history.getByText('₹150.00').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(inr((Number(spin.newBalance) - 150).toFixed(2)));
    await screenshot(page, 'money-wallet-desktop');

    // Transactions: the withdrawal is listed; the export is a CSV of what is shown.
    await page.goto(`${e.baseUrl}/transactions`);
    await waitForHeading(page, 'Transactions');
    const txList = page.getByRole('list', { name: 'Transactions' });
    await txList.getByText(/Withdrawal · Debit/).first().waitFor();
    await txList.getByText('−₹150.00').waitFor();
    await screenshot(page, 'money-transactions-desktop');
    await page.getByRole('button', { name: 'Filter' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await sheet.getByRole('combobox').first().click();
    // Keyboard selection: a pointer click can land on the overlay while the listbox animates away.
    await page.getByRole('option', { name: 'Withdrawal' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await waitForAnimations(page);
    await screenshot(page, 'money-transactions-filter-desktop');
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => txList.getByRole('listitem').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Withdrawal"');
    expect(lines[1]).toContain('"-150.00"');

    // Payments: both tabs.
    await page.goto(`${e.baseUrl}/payments`);
    await waitForHeading(page, 'Payments');
    await page.getByRole('list', { name: 'Transactions' }).waitFor();
    await screenshot(page, 'money-payments-desktop');
    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await page.getByRole('list', { name: 'Payment history' }).getByText('Approved', { exact: true }).waitFor();

    // Download: an APK an admin uploaded is offered with its version; if it is gone by the time the
    // button is pressed, the spec's failure alert says so.
    const apk = new FormData();
    apk.set('version', '1.0.0');
    apk.set('apk', new File([new Uint8Array(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('AndroidManifest.xml'), Buffer.alloc(200)]))], 'app.apk'));
    expect((await e.server.upload('PUT', '/api/admin/android-app', apk, { token: adminToken })).status).toBe(200);
    await page.goto(`${e.baseUrl}/download`);
    await waitForHeading(page, 'Download App');
    await page.getByText(/Version 1\.0\.0 ·/).waitFor();
    expect((await e.server.api('DELETE', '/api/admin/android-app', { token: adminToken })).status).toBe(200);
    await page.getByRole('button', { name: 'Download APK' }).click();
    await waitForToast(page, 'APK file not found');
    const [shortcut] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
    const html = await readFile((await shortcut.path())!, 'utf8');
    expect(html).toContain(`window.location.replace(${JSON.stringify(e.baseUrl)})`);
  });

  it('gates wallet, referrals and spin for an inactive user', async () => {
    const inactive = await registerUser(e.server, adminCode);
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      const { page } = await e.newPage(viewport);
      await signInWithToken(page, e.baseUrl, inactive.token);
      for (const [route, title] of [
        ['/wallet', 'Wallet'],
        ['/referrals', 'Referrals'],
        ['/spin', 'Spin Wheel'],
      ] as const) {
        await page.goto(`${e.baseUrl}${route}`);
        await waitForHeading(page, title);
        await page.getByRole('heading', { name: 'Account Activation Required' }).waitFor();
        expect(await page.getByRole('link', { name: 'Activate Account' }).getAttribute('href')).toBe('/manual-payment');
      }
      await screenshot(page, `money-spin-gated-${viewport}`);
      await page.goto(`${e.baseUrl}/manual-payment`);
      await waitForHeading(page, 'Manual Payment');
      await page.getByRole('img', { name: /UPI QR code/ }).waitFor();
      await screenshot(page, `money-manual-payment-${viewport}`);
      await expectNoSeriousA11yViolations(page, `manual payment form (${viewport})`);
      await page.goto(`${e.baseUrl}/upi-payment`);
      await waitForHeading(page, 'UPI Payment');
      await page.getByRole('link', { name: /Pay with UPI App/ }).waitFor();
      expect(await page.getByRole('link', { name: /Pay with UPI App/ }).getAttribute('href')).toMatch(/^upi:\/\/pay\?/);
      await screenshot(page, `money-upi-payment-${viewport}`);
      await expectNoSeriousA11yViolations(page, `upi payment (${viewport})`);
    }
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`every money screen passes axe in normal and high contrast (${viewport})`, async () => {
      expect(userToken).not.toBe('');
      for (const highContrast of [false, true]) {
        const { page } = await e.newPage(viewport);
        await signInWithToken(page, e.baseUrl, userToken, highContrast ? { 'accessibility-high-contrast': 'true' } : {});
        for (const [route, title] of MONEY_ROUTES) {
          await page.goto(`${e.baseUrl}${route}`);
          await waitForHeading(page, title);
          await expect.poll(() => page.title()).toBe(`${title} · ${APP_NAME}`);
          await page.waitForLoadState('networkidle');
          await waitForAnimations(page);
          await screenshot(page, `money-active${route.replace(/\//g, '-')}${highContrast ? '-hc' : ''}-${viewport}`);
          await expectNoSeriousA11yViolations(page, `${route} (${viewport}${highContrast ? ', high contrast' : ''})`);
        }
      }
    });
  }

  it('spins in about 0.3 s with reduced motion', async () => {
    const u = await createActivatedUser(e.server, adminToken, adminCode);
    for (let i = 0; i < 5; i += 1) await createActivatedUser(e.server, adminToken, u.user.referralCode);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, u.token, { 'accessibility-reduced-motion': 'true' });
    await page.goto(`${e.baseUrl}/spin`);
    await waitForHeading(page, 'Spin Wheel');
    await expect.poll(() => page.getByTestId('spins-available').textContent()).toBe('1');
    // The wheel turns once the server has drawn the prize: time from that answer to the result, so a
    // slow server on a busy machine does not count against the animation (5.5 s without reduced motion).
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/use-spin')), page.getByRole('button', { name: /GO/ }).click()]);
    const started = Date.now();
    const body = (await res.json()) as { prize: string };
    await page.getByRole('dialog').waitFor();
    expect(Date.now() - started).toBeLessThan(3000);
    await page.getByTestId('spin-new-balance').waitFor();
    expect(await page.getByTestId('spin-prize').textContent()).toBe(inr(body.prize));
    await screenshot(page, 'money-spin-result-mobile');
  });
});
