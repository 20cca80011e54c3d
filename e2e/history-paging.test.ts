// Journey: a history longer than one page. A user with 55 activated referrals (55 rewards plus their
// own activation, made through the API) sees the newest 50 transactions, taps 'Load more' on
// /transactions to reveal the older ones, and the button goes away once everything is loaded.
// Referral History pages the same way and its count says "50+" until the rest is loaded.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateUser, createActivatedUser, createAdmin, registerUser, type RegisteredUser } from '../server/test/fixtures.ts';
import { expectNoSeriousA11yViolations, screenshot, signInWithToken, startE2E, waitForHeading, type E2E, WEB_DIST } from './harness.ts';

const PAGE_SIZE = 50;
const REFERRALS = 55;

describe('history paging', () => {
  let e: E2E;
  let snapshot = '';
  let owner: RegisteredUser;
  let allTx: { id: string; description: string }[] = [];

  beforeAll(async () => {
    snapshot = await mkdtemp(path.join(os.tmpdir(), 'paging-web-'));
    await cp(WEB_DIST, snapshot, { recursive: true });
    e = await startE2E({ webDist: snapshot });
    const admin = await createAdmin(e.server);
    owner = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    for (let i = 0; i < REFERRALS; i++) {
      const friend = await registerUser(e.server, owner.user.referralCode);
      await activateUser(e.server, admin.token, friend);
    }
    const res = await e.server.api('GET', '/api/transactions?limit=200', { token: owner.token });
    allTx = res.body;
    expect(allTx.length).toBeGreaterThan(PAGE_SIZE);
  });
  afterAll(async () => {
    await e?.close();
    if (snapshot) await rm(snapshot, { recursive: true, force: true });
  });

  it("reveals older transactions with 'Load more' on /transactions", async () => {
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/transactions`);
    await waitForHeading(page, 'Transactions');
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(PAGE_SIZE);
    // A partial history is labelled as such, never as a total.
    await page.getByText('Credits (loaded)').waitFor();
    await page.getByText(`${PAGE_SIZE} transactions loaded`).waitFor();
    const oldest = allTx[allTx.length - 1]!;
    expect(await list.getByText(oldest.description, { exact: true }).count()).toBe(0);
    await screenshot(page, 'paging-transactions-partial-desktop');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(allTx.length);
    await list.getByText(oldest.description, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    await page.getByText('Total Credits').waitFor();
    await expectNoSeriousA11yViolations(page, 'transactions fully loaded');
  });

  it("pages Referral History with 'Load more'", async () => {
    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, owner.token);
    await page.goto(`${e.baseUrl}/referrals`);
    await waitForHeading(page, 'Referrals');
    const list = page.getByRole('list', { name: 'Referred users' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(PAGE_SIZE);
    await page.getByText(`${PAGE_SIZE}+`).waitFor();
    await expectNoSeriousA11yViolations(page, 'referrals partial');
    await screenshot(page, 'paging-referrals-partial-mobile');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(REFERRALS);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
  });
});
