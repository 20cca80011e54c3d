// Journey: a visitor follows a referral link (?ref=CODE), registers, enters the SMS code from the
// dev outbox and lands on the dashboard; then the signed-in shells in both viewports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin, nextPhone } from '../server/test/fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

describe('sign up with a referral link', () => {
  let e: E2E;
  let referralCode: string;
  let adminToken: string;
  beforeAll(async () => {
    e = await startE2E();
    const admin = await createAdmin(e.server);
    referralCode = admin.user.referralCode;
    adminToken = admin.token;
    const settings = await e.server.api('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { upiId: 'referralhub@okaxis', businessName: 'Referral Hub Services', supportPhone: '9876543210', supportEmail: 'help@referralhub.in' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('registers, verifies the SMS code and reaches the dashboard (mobile)', async () => {
    const { page } = await e.newPage('mobile');
    const phone = nextPhone();
    await page.goto(`${e.baseUrl}/register?ref=${referralCode}`);
    await waitForHeading(page, 'Create your account');
    expect(await page.getByLabel('Referral Code').inputValue()).toBe(referralCode);

    // Validation messages of the spec, before anything is sent.
    await page.getByLabel('Referral Code').fill('');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Referral code is required to create an account').waitFor();
    await page.getByText('Enter 10-digit mobile number').waitFor();
    await page.getByText('Accept the privacy notice to continue').waitFor();

    await page.getByLabel('Username').fill('Priya Sharma');
    await page.getByLabel('Mobile Number').fill(`${phone}99`);
    expect(await page.getByLabel('Mobile Number').inputValue()).toBe(phone);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Referral Code').fill(referralCode);
    await page.getByRole('checkbox', { name: 'I have read this notice and agree to the Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForToast(page, 'OTP sent to your mobile number');
    const verify = page.getByRole('button', { name: 'Verify & Continue' });
    expect(await verify.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Resend OTP in/ }).isDisabled()).toBe(true);
    await screenshot(page, 'register-otp-mobile');
    await expectNoSeriousA11yViolations(page, 'register otp step');

    const code = await e.server.lastCode(phone);
    await page.getByLabel('Verification code').fill(`${code}x`);
    expect(await page.getByLabel('Verification code').inputValue()).toBe(code);
    await verify.click();

    await page.waitForURL('**/dashboard');
    await waitForToast(page, 'Account verified');
    await page.getByRole('heading', { name: 'Priya Sharma', level: 1 }).waitFor();
    await page.getByText('Account Activation Pending').waitFor();
    await page.getByRole('link', { name: /Activate for ₹500/ }).waitFor();
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByRole('img', { name: /UPI QR code/ }).waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'dashboard-inactive-mobile');
    await expectNoSeriousA11yViolations(page, 'dashboard (inactive, mobile)');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: /Wallet/ }).waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'drawer-mobile');
    await expectNoSeriousA11yViolations(page, 'mobile drawer');
    await page.keyboard.press('Escape');

    // The session survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Priya Sharma', level: 1 }).waitFor();
  });

  it('shows the desktop shell and the admin dashboard', async () => {
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, adminToken);
    await page.goto(`${e.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'admin', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Admin Panel' }).first().waitFor();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await screenshot(page, 'dashboard-admin-desktop');
    await expectNoSeriousA11yViolations(page, 'dashboard (admin, desktop)');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText('Notifications', { exact: true }).first().waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'notifications-desktop');
    await page.keyboard.press('Escape');

    // Tablet (768-1023): desktop shell with the sidebar in a drawer.
    await page.setViewportSize({ width: 820, height: 1100 });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await screenshot(page, 'dashboard-admin-tablet');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.evaluate(() => localStorage.setItem('accessibility-high-contrast', 'true'));
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await screenshot(page, 'dashboard-admin-hc-desktop');
    await expectNoSeriousA11yViolations(page, 'dashboard (admin, desktop, high contrast)');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('keeps the session through a brief 503 from the server, and logs out on a 401', async () => {
    const { page } = await e.newPage('desktop');
    // A fresh admin session (the journey before signed the first one out).
    const member = await createActivatedUser(e.server, (await createAdmin(e.server)).token, referralCode);
    await signInWithToken(page, e.baseUrl, member.token);
    // The server's answer while its database restarts, twice; then the real server again.
    let outage = 2;
    await page.route('**/api/user', async (route) => {
      if (outage-- > 0) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'DB_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again in a moment.' }) });
      } else {
        await route.continue();
      }
    });
    await page.goto(`${e.baseUrl}/dashboard`);
    await waitForHeading(page, member.user.username);
    expect(outage).toBeLessThan(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(member.token);

    // A session the server no longer knows is a silent logout, as the spec says.
    await page.unroute('**/api/user');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-session'));
    await page.goto(`${e.baseUrl}/dashboard`);
    await waitForHeading(page, 'Welcome back');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
