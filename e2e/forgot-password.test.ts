// Journey: forgot password on the login screen (phone -> SMS code -> new password), then login with
// the new password; the spec's validation toasts along the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../server/test/fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, startE2E, waitForHeading, waitForToast, type E2E } from './harness.ts';

describe('forgot password', () => {
  let e: E2E;
  let phone: string;
  beforeAll(async () => {
    e = await startE2E();
    const admin = await createAdmin(e.server);
    phone = (await registerUser(e.server, admin.user.referralCode, { password: 'oldpass1' })).phone;
    // Past the 60 s SMS cooldown of the registration code.
    e.server.clock.advance(61_000);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('resets the password with the SMS code and signs in with the new one', async () => {
    const { page } = await e.newPage('desktop');
    await page.goto(`${e.baseUrl}/login`);
    await waitForHeading(page, 'Welcome back');

    // Wrong password first: the server's message in a 'Login failed' toast.
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('wrongpass');
    await page.getByRole('button', { name: 'Login' }).click();
    await waitForToast(page, 'Login failed');
    await waitForToast(page, 'Invalid mobile number or password');

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await waitForHeading(page, 'Reset your password');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await waitForToast(page, 'Mobile number required');
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await waitForToast(page, 'Please check your phone for the verification code');
    await waitForHeading(page, 'Enter the code');
    await screenshot(page, 'forgot-otp-desktop');
    await expectNoSeriousA11yViolations(page, 'forgot password otp step');

    await page.getByLabel('Verification code').fill('123');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await waitForToast(page, 'Please enter the 6-digit OTP');
    await page.getByLabel('Verification code').fill(await e.server.lastCode(phone));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await waitForToast(page, 'OTP Verified');
    await waitForHeading(page, 'Choose a new password');

    await page.getByLabel('New Password').fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password too short');
    await page.getByLabel('New Password').fill('newpass123');
    await page.getByLabel('Confirm Password').fill('newpass124');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, "Passwords don't match");
    await page.getByLabel('Confirm Password').fill('newpass123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password Reset Successful');

    // Back on the normal login, fields cleared.
    await waitForHeading(page, 'Welcome back');
    expect(await page.getByLabel('Mobile Number').inputValue()).toBe('');
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('newpass123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await waitForToast(page, 'Welcome back!');
  });

  it('Back to Login leaves the reset flow', async () => {
    const { page } = await e.newPage('mobile');
    await page.goto(`${e.baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await waitForHeading(page, 'Reset your password');
    await screenshot(page, 'forgot-phone-mobile');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await waitForHeading(page, 'Welcome back');
  });
});
