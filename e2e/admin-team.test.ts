// Journey of money you can audit: a Super Admin invites a reviewer, the reviewer joins through the
// one-time link, is asked to set up two-factor sign-in first, does (codes from an independent
// RFC 6238 implementation) and approves a payment; the Super Admin reverses that payment, and the
// referrer sees the clawback in their history and in the monthly statement they download as PDF
// (read back with pdftotext) and as CSV. The new admin screens (Admins, Ledger, the invitation page,
// the reversal dialog, the statement card) are checked with axe and photographed.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type RegisteredUser } from '../server/test/fixtures.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { totp } from '../server/test/independent-totp.ts';
import { closeDialogWithEscape, expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

const run = promisify(execFile);
const REVIEWER = { email: 'meera.reviewer@example.com', username: 'Meera Iyer', password: 'Rev!ewer#2026', phone: '9822233344' };

async function checkScreen(page: Page, name: string, label: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, label);
}

describe('admin team and reversals', () => {
  let e: E2E;
  let superToken = '';
  let referrer: RegisteredUser;
  let payer: RegisteredUser;
  let invitationLink = '';
  let reward = '';

  beforeAll(async () => {
    e = await startE2E();
    const admin = await createAdmin(e.server);
    superToken = admin.token;
    referrer = await createActivatedUser(e.server, superToken, admin.user.referralCode);
    payer = await registerUser(e.server, referrer.user.referralCode, { username: 'Kiran Das' });
    await submitPaymentProof(e.server, payer.token);
    reward = (await e.server.api('GET', '/api/app-settings')).body.referralReward as string;
  });
  afterAll(async () => {
    await e?.close();
  });

  it('a Super Admin invites a reviewer with a one-time link', async () => {
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, superToken);
    await page.goto(`${e.baseUrl}/admin`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByText('Super Admin', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Admins' }).click();
    await page.waitForURL('**/admin/admins');
    await page.getByRole('heading', { name: 'Invite an admin' }).waitFor();
    await page.getByRole('table', { name: 'Admins' }).waitFor();
    await checkScreen(page, 'admin-admins-desktop', 'admins tab');

    await page.getByLabel('Their email address').fill(REVIEWER.email);
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await page.getByRole('heading', { name: 'Invitation link' }).waitFor();
    invitationLink = (await page.getByTestId('invitation-link').textContent())!.trim();
    expect(invitationLink).toMatch(/\/admin-invite\?token=/);
    await checkScreen(page, 'admin-invitation-link-desktop', 'invitation link dialog');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // The link is not shown again: the list says only that an invitation waits.
    await page.getByText(REVIEWER.email).first().waitFor();
    await page.getByText('Waiting', { exact: true }).waitFor();
    expect(await page.getByText(invitationLink).count()).toBe(0);

    // The ledger view: platform accounts with balances, drill-down to entries.
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page.waitForURL('**/admin/ledger');
    await page.getByRole('heading', { name: 'Platform accounts' }).waitFor();
    await page.getByRole('button', { name: 'Show the entries of Activation fees' }).click();
    await page.getByRole('heading', { name: 'Entries: Activation fees' }).waitFor();
    await checkScreen(page, 'admin-ledger-desktop', 'ledger tab');
  });

  it('the reviewer joins, sets up 2FA when asked and approves the payment', async () => {
    const { page } = await e.newPage('mobile');
    await page.goto(invitationLink.replace(/^https?:\/\/[^/]+/, e.baseUrl));
    await waitForHeading(page, 'Join as an admin');
    await page.getByLabel('Username').waitFor();
    await checkScreen(page, 'admin-invite-mobile', 'invitation page');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText('Required').first().waitFor();
    await page.getByLabel('Username').fill(REVIEWER.username);
    await page.getByLabel('Password', { exact: true }).fill(REVIEWER.password);
    await page.getByLabel('Mobile number').fill(REVIEWER.phone);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('heading', { name: 'You are an admin now' }).waitFor();
    await page.getByRole('link', { name: 'Continue to Admin Login' }).click();

    // The link worked once.
    const again = await e.server.api('POST', '/api/admin/invitations/accept', {
      body: { token: new URL(invitationLink).searchParams.get('token'), username: 'Someone Else', password: 'Another#Pass1', phone: '9833344455' },
    });
    expect(again.body.code).toBe('INVITATION_USED');

    await page.waitForURL('**/admin-login');
    expect(await page.getByLabel('Admin Email').inputValue()).toBe(REVIEWER.email);
    await page.getByLabel('Password', { exact: true }).fill(REVIEWER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Security status' }).waitFor();

    // Before 2FA, the panel asks for it instead of showing payments.
    await page.goto(`${e.baseUrl}/admin/payments`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByRole('heading', { name: 'Set up two-factor sign-in first' }).waitFor();
    await page.getByText('Reviewer', { exact: true }).first().waitFor();
    await checkScreen(page, 'admin-reviewer-2fa-first-mobile', 'reviewer asked for 2FA');
    await page.getByRole('link', { name: 'Open the Security Center' }).click();
    await page.getByRole('button', { name: 'Setup 2FA' }).click();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    await page.getByLabel('6-digit code from the app').fill(totp(secret, e.server.clock.now().getTime()));
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('Enabled', { exact: true }).first().waitFor();

    // Now the panel: no Settings, Admins or Ledger tab for a reviewer; approve the payment.
    await page.goto(`${e.baseUrl}/admin/payments`);
    await waitForHeading(page, 'Admin Panel');
    const approve = page.getByRole('button', { name: `Approve payment from ${payer.user.username}` });
    await approve.waitFor();
    expect(await page.getByRole('tab', { name: 'Settings' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Admins' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Ledger' }).count()).toBe(0);
    await checkScreen(page, 'admin-reviewer-payments-mobile', 'reviewer payments');
    await approve.click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'Payment approved');
    const me = await e.server.api('GET', '/api/user', { token: referrer.token });
    expect(me.body.walletBalance).toBe(reward);
  });

  it('the Super Admin reverses it and the referrer sees the clawback in their statement', async () => {
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, superToken);
    await page.goto(`${e.baseUrl}/admin/payments`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    const reverse = page.getByRole('button', { name: `Reverse the payment from ${payer.user.username}` });
    await reverse.click();
    await page.getByRole('heading', { name: 'Reverse this approved payment?' }).waitFor();
    // A reason is required.
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Reverse' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Reason (required, kept in the audit log)').fill('No credit for this UTR in the bank statement');
    await checkScreen(page, 'admin-reverse-dialog-desktop', 'reversal dialog');
    await confirm.click();
    await waitForToast(page, 'Payment reversed');
    await page.getByRole('dialog').waitFor({ state: 'hidden' }).catch(() => closeDialogWithEscape(page));
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Reversed' }).click();
    await page.getByText('No credit for this UTR in the bank statement').first().waitFor();
    await checkScreen(page, 'admin-payments-reversed-desktop', 'reversed payments');

    // The referrer: history shows the reward and its reversal; the statement nets to zero.
    const referrerPage = (await e.newPage('mobile')).page;
    await signInWithToken(referrerPage, e.baseUrl, referrer.token);
    await referrerPage.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(referrerPage, 'Wallet');
    await referrerPage.getByRole('heading', { name: 'Monthly statement' }).waitFor();
    await referrerPage.getByText(/Referral bonus reversed/).first().waitFor();
    await checkScreen(referrerPage, 'wallet-statement-mobile', 'wallet with statement');

    const pdfDownload = referrerPage.waitForEvent('download');
    await referrerPage.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^wallet-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfPath = await pdf.path();
    expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await run('pdftotext', ['-layout', pdfPath, '-'])).stdout;
    expect(text).toContain('Referral bonus reversed');
    expect(text).toContain(`XXXXXX${referrer.phone.slice(-4)}`);
    expect(text).toMatch(/Closing balance\s+0\.00\s*$/m);
    const totals = text.split('\n').find((l) => l.trimStart().startsWith('₹'))!.trim().split(/\s{2,}/);
    expect(totals).toEqual(['₹ 0.00', `₹ ${reward}`, `₹ ${reward}`, '₹ 0.00']);

    const csvDownload = referrerPage.waitForEvent('download');
    await referrerPage.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    const reversalLine = csv.split('\n').find((l) => l.includes('Referral bonus reversed'));
    expect(reversalLine, csv).toBeDefined();
    expect(reversalLine).toContain(reward);
    await expectLedgerHolds(e.server);
  });
});
