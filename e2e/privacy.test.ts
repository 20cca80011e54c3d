// Journey of the person's own data at 390x844: from the menu to Profile, "Download my data"
// saves a JSON file holding their profile, payments and statement, with account numbers masked;
// "Delete my account" is refused while the wallet holds money (saying how to withdraw first), and
// once the money is paid out it erases the account: signed out, and the sign-in refused. The
// profile page and the confirmation are checked with axe and photographed. After the privacy
// policy changes, a signed-in person is asked to accept it again before going on. A request about
// one's data reaches the admins' queue and its answer comes back; the name is corrected, and the
// mobile number changes with the code sent to the new one.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, nextPhone, type SignedIn } from '../server/test/fixtures.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { createFundedUser, withdraw } from '../server/test/money-fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

describe('your data', () => {
  let e: E2E;
  let admin: SignedIn;

  beforeAll(async () => {
    e = await startE2E();
    admin = await createAdmin(e.server);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('downloads my data from the profile page on a phone', async () => {
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 1);
    expect((await withdraw(e.server, owner.token, { amount: '200', accountNumber: '987654321098' })).status).toBe(201);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Profile and my data' }).click();
    await waitForHeading(page, 'Profile');
    await page.getByRole('heading', { name: 'Download my data' }).waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'profile-mobile');
    await expectNoSeriousA11yViolations(page, 'profile');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ username: owner.user.username, phone: owner.phone });
    expect(data.payments).toHaveLength(1);
    expect(data.withdrawals).toEqual([expect.objectContaining({ amount: '200.00', accountNumber: 'XXXXXXXX1098' })]);
    await waitForToast(page, 'Your data is downloading');
  });

  it('deletes my account on a phone once the wallet is empty', async () => {
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 1);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/profile`);
    await waitForHeading(page, 'Profile');
    await page.getByLabel('Your password').fill(owner.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account for good?' }).waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'profile-delete-confirm-mobile');
    await expectNoSeriousA11yViolations(page, 'delete confirmation');
    await page.getByRole('button', { name: 'Delete for good' }).click();
    // Money in the wallet: refused, saying how to withdraw first; nothing changed.
    await page.getByText('Your wallet holds ₹400. Withdraw it first (Wallet, then Withdraw Money), then delete your account').waitFor();
    expect((await e.server.api('GET', '/api/user', { token: owner.token })).status).toBe(200);

    const w = await withdraw(e.server, owner.token, { amount: '400', accountNumber: '556677889900' });
    expect((await e.server.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    await page.reload();
    await waitForHeading(page, 'Profile');
    await page.getByLabel('Your password').fill(owner.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL('**/login');
    await waitForToast(page, 'Your account was deleted');
    expect((await e.server.api('POST', '/api/login', { body: { phone: owner.phone, password: owner.password } })).status).toBe(401);
    await expectLedgerHolds(e.server);
  });

  it('asks again for consent after the privacy policy changed', async () => {
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 0);
    await e.server.ctx.db.execute(sql`update users set policy_version = '2026-01-01' where id = ${owner.user.id}::uuid`);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/wallet`);
    const dialog = page.getByRole('dialog', { name: 'Our privacy policy' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'I agree' }).click();
    await dialog.getByText('Accept the privacy notice to continue').waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'consent-again-mobile');
    await expectNoSeriousA11yViolations(page, 'consent dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'I agree' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await e.server.api('GET', '/api/user', { token: owner.token })).body.consentRequired).toBe(false);
  });

  it('raises a request about my data, and reads the answer an admin gives from the queue', async () => {
    expect((await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { grievanceOfficerName: 'Kavita Menon', grievanceEmail: 'grievance@example.com' } })).status).toBe(200);
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 0);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/support`);
    await page.getByRole('heading', { name: 'Grievance Officer' }).waitFor();
    await page.getByText('Kavita Menon ·').waitFor();
    await page.goto(`${e.baseUrl}/profile`);
    await waitForHeading(page, 'Profile');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Choose what your request is about').waitFor();
    await page.getByRole('combobox', { name: 'What is it about?' }).click();
    await page.getByRole('option', { name: 'Correct my data' }).click();
    await page.getByLabel('What are you asking for?').fill('My email should be asha@example.com');
    await page.getByRole('button', { name: 'Send request' }).click();
    await waitForToast(page, 'Request sent');
    await page.getByText('Waiting', { exact: true }).waitFor();

    const desk = await e.newPage('desktop');
    await signInWithToken(desk.page, e.baseUrl, admin.token);
    await desk.page.goto(`${e.baseUrl}/admin/data-requests`);
    await waitForHeading(desk.page, 'Admin Panel');
    await desk.page.getByRole('cell', { name: 'My email should be asha@example.com' }).waitFor();
    await waitForAnimations(desk.page);
    await screenshot(desk.page, 'admin-data-requests-desktop');
    await expectNoSeriousA11yViolations(desk.page, 'data requests tab');
    await desk.page.getByRole('button', { name: `Answer the request of ${owner.user.username}` }).click();
    await desk.page.getByRole('dialog').getByLabel('Your answer').fill('Corrected. Your email is now asha@example.com');
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Send answer' }).click();
    await waitForToast(desk.page, 'Answer sent');

    await page.reload();
    await waitForHeading(page, 'Profile');
    await page.getByText('Answer: Corrected. Your email is now asha@example.com').waitFor();
    await page.getByText('Answered', { exact: true }).waitFor();
  });

  it('corrects my name and moves my account to a new number with the code sent to it', async () => {
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 0);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/profile`);
    await waitForHeading(page, 'Profile');
    await page.getByLabel('Username').fill('Asha Verma');
    await page.getByRole('button', { name: 'Save details' }).click();
    await waitForToast(page, 'Details saved');

    const fresh = nextPhone();
    await page.getByLabel('New mobile number').fill(fresh);
    await page.getByRole('button', { name: 'Send code to the new number' }).click();
    await waitForToast(page, 'Code sent');
    await page.getByLabel(`Code sent to +91 ${fresh}`).fill(await e.server.lastCode(fresh));
    await page.getByRole('button', { name: 'Change my number' }).click();
    await waitForToast(page, 'Mobile number changed');
    await page.getByText(`+91 ${fresh}`).first().waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'profile-corrected-mobile');
    await expectNoSeriousA11yViolations(page, 'profile after corrections');
    expect((await e.server.api('GET', '/api/user', { token: owner.token })).body).toMatchObject({ username: 'Asha Verma', phone: fresh });
  });

  it('an admin answers an access request with the export and a deletion request with the erasure', async () => {
    const asker = await createFundedUser(e.server, admin.token, admin.user.referralCode, 0);
    for (const [kind, message] of [['access', 'Send me my data'], ['deletion', 'Delete my account please']] as const) {
      expect((await e.server.api('POST', '/api/me/data-requests', { token: asker.token, body: { kind, message } })).status).toBe(201);
    }
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/data-requests`);
    await waitForHeading(page, 'Admin Panel');
    await page.getByRole('button', { name: `Export the data of ${asker.user.username}` }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Asked in the app; signed in');
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'Export data' }).click();
    const file = await downloading;
    expect(JSON.parse(await readFile((await file.path())!, 'utf8')).profile).toMatchObject({ phone: asker.phone });
    await waitForToast(page, 'Data exported');

    await page.getByRole('button', { name: `Erase the account of ${asker.user.username}` }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Asked in the app; signed in');
    await page.getByRole('dialog').getByRole('button', { name: 'Erase account' }).click();
    await waitForToast(page, 'Account erased');
    expect((await e.server.api('GET', '/api/user', { token: asker.token })).status).toBe(401);
    await expectLedgerHolds(e.server);
  });

  it('corrects where a pending withdrawal is paid', async () => {
    const owner = await createFundedUser(e.server, admin.token, admin.user.referralCode, 1);
    expect((await withdraw(e.server, owner.token, { amount: '200', accountNumber: '111122223333' })).status).toBe(201);
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByRole('button', { name: 'Correct the payout details of the ₹200.00 withdrawal' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('UPI ID', { exact: true }).first().click();
    await dialog.getByRole('textbox', { name: 'UPI ID' }).fill('asha@okhdfcbank');
    await waitForAnimations(page);
    await screenshot(page, 'wallet-correct-payout-mobile');
    await expectNoSeriousA11yViolations(page, 'correct payout dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Payout details corrected');
    const [mine] = (await e.server.api('GET', '/api/withdrawal-requests', { token: owner.token })).body;
    expect(mine).toMatchObject({ amount: '200.00', method: 'upi', upiId: 'asha@okhdfcbank', status: 'pending' });
    await expectLedgerHolds(e.server);
  });
});
