// Journey of an administrator: first-admin setup, password sign-in, 2FA enrolment (codes computed
// here by an independent RFC 6238 implementation), sign-in with a code and with a backup code, a
// passkey on a virtual authenticator; then the panel: approve a payment (the referrer is paid),
// reject a withdrawal (refunded), change the referral reward (the next approval uses it). Every
// admin screen is checked with axe and photographed in both viewports.
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, nextPhone, nextUtr, pngFile, registerUser, type RegisteredUser } from '../server/test/fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E, closeDialogWithEscape } from './harness.ts';
import { totp } from '../server/test/independent-totp.ts';

const ADMIN = { username: 'Asha Verma', email: 'asha.admin@example.com', password: 'Str0ng!Admin#2026', phone: '9811122233' };


async function checkScreen(page: Page, name: string, label: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, label);
}

describe('admin journey', () => {
  let e: E2E;
  let adminToken = '';
  let backupCodes: string[] = [];
  let qrPng: Buffer;

  beforeAll(async () => {
    e = await startE2E();
    qrPng = await QRCode.toBuffer('upi://pay?pa=priya@okicici&pn=Priya', { width: 240, margin: 2 });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('sets up the first admin, enables 2FA, signs in with a code, a backup code and a passkey', async () => {
    const { page } = await e.newPage('desktop');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    // Setup: required fields, then the success card.
    await page.goto(`${e.baseUrl}/admin-setup`);
    await waitForHeading(page, 'Admin Setup');
    await page.getByLabel('Username').waitFor();
    await checkScreen(page, 'admin-setup-desktop', 'admin setup');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await waitForToast(page, 'Missing Information');
    await waitForToast(page, 'Please fill in all required fields');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: /show password/i }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByLabel('Phone').fill(ADMIN.phone);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByRole('heading', { name: 'Admin account created' }).waitFor();
    await checkScreen(page, 'admin-setup-done-desktop', 'admin setup success');

    // A second visit says an admin exists.
    await page.reload();
    await page.getByRole('heading', { name: 'An admin account already exists' }).waitFor();
    await page.getByRole('link', { name: 'Continue to Admin Login' }).click();

    // Password sign-in: e-mail remembered and read-only.
    await page.waitForURL('**/admin-login');
    await waitForHeading(page, 'Admin Security Center');
    const email = page.getByLabel('Admin Email');
    expect(await email.inputValue()).toBe(ADMIN.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    expect(await signIn.isDisabled()).toBe(true);
    await checkScreen(page, 'admin-login-desktop', 'admin login');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await signIn.click();
    await waitForToast(page, 'Authentication Failed');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await signIn.click();

    // Security status, then 2FA enrolment.
    await page.getByRole('heading', { name: 'Security status' }).waitFor();
    await page.getByText('Not enabled').waitFor();
    expect(await page.getByLabel('Device name').inputValue()).toBe('Admin Device');
    await checkScreen(page, 'admin-security-status-desktop', 'security status');
    await page.getByRole('button', { name: 'Setup 2FA' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect((await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
    const enable = page.getByRole('button', { name: 'Enable 2FA' });
    await page.getByLabel('6-digit code from the app').fill('12345');
    expect(await enable.isDisabled()).toBe(true);
    await checkScreen(page, 'admin-2fa-setup-desktop', '2FA setup');
    await page.getByLabel('6-digit code from the app').fill(totp(secret, e.server.clock.now().getTime()));
    await enable.click();
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'Download' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('admin-backup-codes.txt');
    await checkScreen(page, 'admin-backup-codes-desktop', 'backup codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('Enabled', { exact: true }).first().waitFor();

    // Sign out, then sign in with a fresh authenticator code (the next time step: a code is single use).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await signIn.click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await checkScreen(page, 'admin-2fa-login-desktop', '2FA login');
    e.server.clock.advance(30_000);
    await page.getByLabel('Authentication code').fill(totp(secret, e.server.clock.now().getTime()));
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await page.waitForURL('**/admin');
    await waitForHeading(page, 'Admin Panel');

    // Sign out, then a backup code; the same code does not work twice.
    await page.goto(`${e.baseUrl}/admin-login`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await signIn.click();
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await page.waitForURL('**/admin');
    await waitForHeading(page, 'Admin Panel');
    const reuse = await e.server.api('POST', '/api/admin/2fa/login', { body: { email: ADMIN.email, password: ADMIN.password, backupCode: backupCodes[0] } });
    expect(reuse.status).toBe(401);

    // Register a passkey from the security status, sign out, sign in with 'Use Passkey'.
    await page.goto(`${e.baseUrl}/admin-login`);
    await page.getByRole('button', { name: 'Register Passkey' }).click();
    await waitForToast(page, 'Passkey registered');
    await page.getByText('1 passkey registered.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Use Passkey' }).click();
    await page.waitForURL('**/admin');
    await waitForHeading(page, 'Admin Panel');
    adminToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(adminToken).toBeTruthy();
  });

  it('keeps non-admins out without a single admin request', async () => {
    const referrer = await registerUser(e.server, (await e.server.api('GET', '/api/user', { token: adminToken })).body.referralCode);
    const { page } = await e.newPage('mobile');
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminCalls.push(r.url());
    });
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await signInWithToken(page, e.baseUrl, referrer.token);
    await page.goto(`${e.baseUrl}/admin/withdrawals`);
    await waitForHeading(page, 'Admins only');
    await checkScreen(page, 'admin-not-allowed-mobile', 'admin not allowed');
    expect(adminCalls).toEqual([]);
    expect(scripts.some((s) => s.includes('admin-panel'))).toBe(false);
  });

  it('approves a payment, rejects a withdrawal and applies a new referral reward', async () => {
    const admin = await e.server.api('GET', '/api/user', { token: adminToken });
    const referrer: RegisteredUser = await createActivatedUser(e.server, adminToken, admin.body.referralCode);
    const balance = async () => (await e.server.api('GET', '/api/user', { token: referrer.token })).body.walletBalance as string;

    const submitPayment = async () => {
      const u = await registerUser(e.server, referrer.user.referralCode, { username: `Ravi ${nextPhone().slice(-3)}` });
      const form = new FormData();
      form.set('utrNumber', nextUtr());
      form.set('screenshot', pngFile('proof.png', qrPng));
      const res = await e.server.upload('POST', '/api/submit-manual-payment', form, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return u;
    };
    const payer = await submitPayment();
    expect(await balance()).toBe('0.00');

    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, adminToken);

    // Overview.
    await page.goto(`${e.baseUrl}/admin`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByText('Super Admin').waitFor();
    await page.getByText('Recent Activity').waitFor();
    await page.getByText(/approved|activated|signed in/).first().waitFor();
    await checkScreen(page, 'admin-overview-desktop', 'admin overview');

    // Manual payments: approve with a note.
    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await page.waitForURL('**/admin/payments');
    await page.getByRole('button', { name: `Approve payment from ${payer.user.username}` }).waitFor();
    await page.getByRole('button', { name: `Enlarge Payment screenshot from ${payer.user.username}` }).locator('img').waitFor();
    await checkScreen(page, 'admin-payments-desktop', 'admin manual payments');
    await page.getByRole('button', { name: `Enlarge Payment screenshot from ${payer.user.username}` }).click();
    await page.getByRole('dialog').locator('img').waitFor();
    await checkScreen(page, 'admin-payment-screenshot-desktop', 'payment screenshot dialog');
    await closeDialogWithEscape(page);
    await page.getByRole('button', { name: `Approve payment from ${payer.user.username}` }).click();
    await page.getByRole('dialog').getByLabel('Notes (optional)').fill('UTR matched bank statement');
    await checkScreen(page, 'admin-approve-dialog-desktop', 'approve dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(page, 'Payment approved');
    expect(await balance()).toBe('400.00');

    // Users: the referrer's wallet shows the reward; search narrows the list.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search name, phone, email').fill(referrer.phone);
    await page.getByRole('table').getByText('₹400.00').waitFor();
    await page.getByLabel('Search name, phone, email').fill('');
    await page.getByRole('table').getByText(payer.user.username).waitFor();
    await checkScreen(page, 'admin-users-desktop', 'admin users');

    // Direct activation says what it really does (a fee waiver, no reward by default) and asks why.
    const walkIn = await registerUser(e.server, referrer.user.referralCode, { username: `Walk-in ${nextPhone().slice(-3)}` });
    await page.getByLabel('Search name, phone, email').fill(walkIn.phone);
    await page.getByRole('button', { name: `Activate ${walkIn.user.username}` }).click();
    const activateDialog = page.getByRole('dialog');
    await activateDialog.getByText('₹500.00 fee is recorded as waived').waitFor();
    await activateDialog.getByText('The referrer is not paid a referral reward').waitFor();
    await activateDialog.getByLabel('Reason for waiving the fee').fill('Paid in cash at the office');
    await checkScreen(page, 'admin-activate-dialog-desktop', 'activate dialog');
    await activateDialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await waitForToast(page, 'User activated');
    expect(await balance()).toBe('400.00');
    const activity = await e.server.api('GET', '/api/admin/activity?limit=1', { token: adminToken });
    expect(activity.body.items[0]).toMatchObject({ action: 'user.activated', details: { reason: 'Paid in cash at the office', feeWaived: '500.00' } });
    await page.getByLabel('Search name, phone, email').fill('');

    // Withdrawals: the referrer asks for ₹150 with a QR screenshot; reject refunds it.
    const form = new FormData();
    form.set('amount', '150');
    form.set('accountHolderName', 'Priya Sharma');
    form.set('accountNumber', '123456789012');
    form.set('ifscCode', 'HDFC0001234');
    form.set('screenshot', pngFile('qr.png', qrPng));
    const w = await e.server.upload('POST', '/api/withdraw', form, { token: referrer.token });
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    expect(await balance()).toBe('250.00');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await page.waitForURL('**/admin/withdrawals');
    const row = page.getByRole('row', { name: new RegExp(referrer.user.username) });
    await row.getByText('HDFC0001234').waitFor();
    await row.getByText('123456789012').waitFor();
    await row.getByRole('button', { name: /Enlarge QR screenshot/ }).locator('img').waitFor();
    await checkScreen(page, 'admin-withdrawals-desktop', 'admin withdrawals');
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvText = await (await csv).createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(csvText).toContain('Method,Account Holder,UPI ID,Account Number,IFSC,Amount (INR),Withdrawal ID,Requested On');
    expect(csvText).toContain(`Bank,Priya Sharma,,123456789012,HDFC0001234,150.00,${w.body.id}`);
    const shot = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download All QR Screenshots' }).click();
    expect((await shot).suggestedFilename()).toMatch(/\.png$/);
    await row.getByRole('button', { name: /View QR screenshot/ }).click();
    await page.getByRole('dialog').locator('img').waitFor();
    await closeDialogWithEscape(page);
    await row.getByRole('button', { name: /Reject withdrawal/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
    await waitForToast(page, 'Withdrawal rejected');
    expect(await balance()).toBe('400.00');
    // Nothing pending with a screenshot now: the bilingual alert.
    await page.getByRole('button', { name: 'Download All QR Screenshots' }).click();
    await page.getByRole('alert').getByText('कोई QR स्क्रीनशॉट उपलब्ध नहीं है / No QR screenshots available').waitFor();

    // Settings: a bad UPI ID shows the server's message on the field; then a new reward is saved.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL('**/admin/settings');
    await page.getByLabel('UPI ID', { exact: true }).fill('not-a-upi');
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await page.getByText('UPI ID must look like name@bank').first().waitFor();
    await page.getByLabel('UPI ID', { exact: true }).fill('referralhub@okaxis');
    await page.getByLabel('Referral reward (₹)').fill('250');
    await page.getByLabel('Segment 1 weight').fill('0');
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await waitForToast(page, 'Settings updated');
    await checkScreen(page, 'admin-settings-desktop', 'admin settings');
    const saved = await e.server.api('GET', '/api/app-settings');
    expect(saved.body.referralReward).toBe('250.00');

    // Abuse protection: an hourly SMS budget below what was sent today shows the alert on the Overview.
    await page.getByLabel('SMS per hour, in total').fill('1');
    await page.getByRole('switch', { name: 'Reward waived activations' }).click();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await waitForToast(page, 'Settings updated');
    const adminSettings = await e.server.api('GET', '/api/admin/settings', { token: adminToken });
    expect(adminSettings.body).toMatchObject({ smsPerHour: 1, rewardWaivedActivations: true });
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('alert').getByText('SMS budget reached').waitFor();
    await checkScreen(page, 'admin-overview-sms-alert-desktop', 'admin overview with the SMS alert');
    await e.server.api('PUT', '/api/admin/settings', { token: adminToken, body: { smsPerHour: 1_000_000, rewardWaivedActivations: false } });

    // The next approval pays the new reward.
    const payer2 = await submitPayment();
    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await page.getByRole('button', { name: `Approve payment from ${payer2.user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(page, 'Payment approved');
    expect(await balance()).toBe('650.00');

    // Phone screenshots of every tab (stacked cards under 768 px).
    const phone = (await e.newPage('mobile')).page;
    await signInWithToken(phone, e.baseUrl, adminToken);
    await submitPayment();
    const tabs = [
      ['', 'overview'],
      ['/users', 'users'],
      ['/payments', 'payments'],
      ['/withdrawals', 'withdrawals'],
      ['/settings', 'settings'],
    ] as const;
    for (const contrast of ['', '-hc'] as const) {
      if (contrast) await phone.evaluate(() => localStorage.setItem('accessibility-high-contrast', 'true'));
      for (const [path, name] of tabs) {
        await phone.goto(`${e.baseUrl}/admin${path}`);
        await waitForHeading(phone, 'Admin Panel');
        await phone.getByRole('status').first().waitFor({ state: 'detached' }).catch(() => undefined);
        await checkScreen(phone, `admin-${name}-mobile${contrast}`, `admin ${name} (mobile${contrast ? ', high contrast' : ''})`);
      }
    }
    await phone.evaluate(() => localStorage.removeItem('accessibility-high-contrast'));
    await phone.goto(`${e.baseUrl}/admin-login`);
    await phone.getByRole('heading', { name: 'Security status' }).waitFor();
    await checkScreen(phone, 'admin-security-status-mobile', 'security status (mobile)');
    await phone.evaluate(() => localStorage.removeItem('token'));
    await phone.goto(`${e.baseUrl}/admin-login`);
    await phone.getByLabel('Admin Email').waitFor();
    await checkScreen(phone, 'admin-login-mobile', 'admin login (mobile)');
    await phone.goto(`${e.baseUrl}/admin-setup`);
    await phone.getByRole('heading', { name: 'An admin account already exists' }).waitFor();
    await checkScreen(phone, 'admin-setup-exists-mobile', 'admin setup (mobile)');
  });
});
