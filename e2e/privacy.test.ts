// Journey of the person's own data at 390x844: from the menu to Profile, "Download my data"
// saves a JSON file holding their profile, payments and statement, with account numbers masked.
// The profile page is checked with axe and photographed.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type SignedIn } from '../server/test/fixtures.ts';
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
});
