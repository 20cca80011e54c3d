// Journeys in Hindi at 390x844 (a browser whose language is Hindi): sign-up with a validation
// error, the dashboard, a withdrawal refused by a validation rule, and an admin approving a
// payment. On every screen: <html lang="hi">, no key shown instead of a text, no button label or
// heading cut off or overflowing, axe clean, Devanagari drawn in the shipped font.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActivatedUser, createAdmin, nextPhone, nextUtr, pngFile, registerUser } from '../server/test/fixtures.ts';
import { catalogueText, expectTranslatedScreen, signInWithToken, startE2E, waitForHeading, waitForToast, type E2E } from './harness.ts';

const H = catalogueText('hi');

function checkHindiScreen(page: Page, name: string): Promise<void> {
  return expectTranslatedScreen(page, { code: 'hi', dir: 'ltr', script: /[\u0900-\u097F]/, font: 'Noto Sans Devanagari Variable', label: `${name} (Hindi)`, screenshotName: `hindi-${name}` });
}

describe('the product in Hindi, on a phone', () => {
  let e: E2E;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    e = await startE2E();
    admin = await createAdmin(e.server);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('signs up in Hindi: a validation error, the SMS code in Hindi, the dashboard', async () => {
    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    const phone = nextPhone();
    await page.goto(`${e.baseUrl}/register?ref=${admin.user.referralCode}`);
    await waitForHeading(page, H('auth.register.title'));
    await page.getByLabel(H('auth.register.referralLabel')).fill('');
    await page.getByRole('button', { name: H('auth.register.submit') }).click();
    await page.getByText(H('server.accounts.referralCodeRequired')).waitFor();
    await checkHindiScreen(page, 'register-errors');

    await page.getByLabel(H('auth.fields.username')).fill('प्रिया शर्मा');
    await page.getByLabel(H('auth.fields.mobileNumber')).fill(phone);
    await page.getByLabel(H('auth.fields.password'), { exact: true }).fill('secret123');
    await page.getByLabel(H('auth.register.referralLabel')).fill(admin.user.referralCode);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: H('auth.register.submit') }).click();
    await waitForToast(page, H('auth.register.successText'));
    const [sms] = (await e.server.outbox()).filter((m) => m.to === phone);
    expect(sms!.text).toContain('सत्यापन कोड');
    await page.getByLabel(H('auth.otp.codeLabel')).fill(sms!.code!);
    await page.getByRole('button', { name: H('auth.register.verifySubmit') }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'प्रिया शर्मा', level: 1 }).waitFor();
    await checkHindiScreen(page, 'dashboard-inactive');
    expect((await e.server.api('GET', '/api/user', { token: await page.evaluate(() => localStorage.getItem('token') ?? '') })).body.language).toBe('hi');
  });

  it('shows the legal pages translated, saying the English text prevails', async () => {
    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    for (const path of ['/privacy-policy', '/terms-conditions']) {
      await page.goto(`${e.baseUrl}${path}`);
      await page.getByText(H('common.legal.translationNotice')).waitFor();
      await checkHindiScreen(page, path.slice(1));
    }
  });

  it('every signed-in screen and admin tab reads in Hindi without a key, an overflow or an axe finding', async () => {
    const u = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    for (let i = 0; i < 2; i++) await createActivatedUser(e.server, admin.token, u.user.referralCode);
    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(page, e.baseUrl, u.token);
    for (const path of ['/dashboard', '/referrals', '/spin', '/payments', '/transactions', '/download', '/profile', '/support']) {
      await page.goto(`${e.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await checkHindiScreen(page, `user${path.replace('/', '-')}`);
    }
    const { page: adminPage } = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(adminPage, e.baseUrl, admin.token);
    for (const tab of ['', 'users', 'payments', 'withdrawals', 'settings', 'admins', 'ledger', 'data-requests']) {
      await adminPage.goto(`${e.baseUrl}/admin/${tab}`);
      await adminPage.getByRole('heading', { level: 1 }).first().waitFor();
      await adminPage.waitForLoadState('networkidle');
      await checkHindiScreen(adminPage, `admin-${tab || 'overview'}`);
    }
  });

  it('refuses a withdrawal below the minimum with the reason in Hindi', async () => {
    const u = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    // Two friends activate: ₹800 in the wallet, above the minimum, so the form can be sent.
    for (let i = 0; i < 2; i++) await createActivatedUser(e.server, admin.token, u.user.referralCode);
    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(page, e.baseUrl, u.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await page.getByLabel(H('wallet.withdraw.amount'), { exact: true }).waitFor();
    await checkHindiScreen(page, 'wallet');
    await page.getByLabel(H('wallet.withdraw.amount'), { exact: true }).fill('10');
    await page.getByRole('button', { name: H('wallet.withdraw.submit') }).click();
    const settings = await e.server.api('GET', '/api/app-settings');
    const minimum = `₹${String(settings.body.minWithdrawal).replace(/\.00$/, '')}`;
    await page.getByText(H('server.wallet.minimumWithdrawal', { amount: minimum })).first().waitFor();
    await checkHindiScreen(page, 'wallet-below-minimum');
  });

  it('an admin approves a payment in Hindi', async () => {
    const payer = await registerUser(e.server, admin.user.referralCode, { username: `Ravi ${nextPhone().slice(-3)}` });
    const form = new FormData();
    form.set('utrNumber', nextUtr());
    form.set('screenshot', pngFile());
    expect((await e.server.upload('POST', '/api/submit-manual-payment', form, { token: payer.token })).status).toBeLessThan(300);

    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/payments`);
    const approve = page.getByRole('button', { name: H('admin.payments.approveLabel', { username: payer.user.username }) });
    await approve.waitFor();
    await checkHindiScreen(page, 'admin-payments');
    await approve.click();
    await page.getByRole('dialog').waitFor();
    await checkHindiScreen(page, 'admin-approve-dialog');
    await page.getByRole('dialog').getByRole('button', { name: H('admin.common.approve'), exact: true }).click();
    await waitForToast(page, H('admin.payments.approved'));
    expect((await e.server.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(true);
  });
});

describe('the language switch', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('switches /login to Hindi, keeps the choice across a reload and saves it on the account at sign-in', async () => {
    const admin = await createAdmin(e.server);
    const u = await registerUser(e.server, admin.user.referralCode);
    const { page } = await e.newPage('mobile');
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.woff2')) fonts.push(r.url());
    });
    await page.goto(`${e.baseUrl}/login`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // English, with the switch offering every language by its own name: no script's font is
    // fetched for the closed switch, and the names' tiny subsets only when the reader reaches for it.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(fonts.filter((f) => /noto-(sans|nastaliq)-|language-names/.test(f))).toEqual([]);
    await page.locator('select:visible').focus();
    await expect.poll(() => fonts.filter((f) => f.includes('language-names')).length).toBeGreaterThan(0);
    expect(fonts.filter((f) => /noto-(sans|nastaliq)-/.test(f))).toEqual([]);

    await page.locator('select:visible').selectOption('hi');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await page.getByRole('heading', { name: H('auth.login.title') }).first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: H('auth.login.title') }).first().waitFor();
    await checkHindiScreen(page, 'login');

    await page.getByLabel(H('auth.fields.mobileNumber')).fill(u.phone);
    await page.getByLabel(H('auth.fields.password'), { exact: true }).fill('secret123');
    await page.getByRole('button', { name: H('auth.login.submit') }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(async () => (await e.server.api('GET', '/api/user', { token: u.token })).body.language).toBe('hi');
  });
});
