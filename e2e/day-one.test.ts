// Day one for a real operator and user: pages that fit a 390 px phone, no contact detail the
// operator did not publish, a debt left by a reversal shown on the wallet and the dashboard, a
// suspension imposed and lifted from the Users tab, a way from /admin to the admin sign-in, and a
// Super Admin without two-factor sign-in asked to set it up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type SignedIn } from '../server/test/fixtures.ts';
import { withdraw } from '../server/test/money-fixtures.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

/** Every page a signed-out visitor or a would-be admin can open. */
const ENTRY_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/login', heading: 'Welcome back' },
  { path: '/register', heading: 'Create your account' },
  { path: '/support', heading: 'Contact Support' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-conditions', heading: 'Terms & Conditions' },
  { path: '/no-such-page', heading: '404 Page Not Found' },
  { path: '/admin', heading: 'Welcome back' },
  { path: '/admin-setup', heading: /Admin/ },
  { path: '/admin-login', heading: /Admin/ },
  { path: '/admin-invite?token=not-a-real-invitation-token', heading: /.+/ },
];

/** How much wider than the window the page is (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Controls in the page header that sit on top of each other (a language box over the logo). */
const overlappingHeaderControls = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('header a, header button, header select')]
      .map((el) => ({ name: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName, r: el.getBoundingClientRect() }))
      .filter((b) => b.r.width > 1 && b.r.height > 1);
    const hits: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r;
        const b = boxes[j]!.r;
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) hits.push(`${boxes[i]!.name} / ${boxes[j]!.name}`);
      }
    return hits;
  });

/** The phone numbers and e-mail addresses written anywhere on the page, and its tel:/mailto: links. */
async function contactDetails(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const text = document.body.innerText;
    const found = [...(text.match(/\+91[\s\d-]{6,}|\b\d{5}\s?\d{5}\b|[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [])];
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"], a[href^="mailto:"], a[href*="wa.me"]')) found.push(a.href);
    return found;
  });
}

describe('day one', () => {
  let e: E2E;
  let admin: SignedIn;

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  for (const locale of ['en-IN', 'hi-IN']) {
    it(`no public or admin-entry page scrolls sideways at 390 px (${locale})`, async () => {
      const { page } = await e.newPage('mobile', { locale });
      const wide: string[] = [];
      for (const p of ENTRY_PAGES) {
        await page.goto(`${e.baseUrl}${p.path}`);
        // The heading in English, or any h1 in Hindi (the layout is what is measured here).
        if (locale === 'en-IN') await waitForHeading(page, p.heading);
        else await page.locator('h1:visible').first().waitFor();
        await waitForAnimations(page);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${p.path}: ${extra} px too wide`);
        for (const hit of await overlappingHeaderControls(page)) wide.push(`${p.path}: ${hit} overlap`);
        if (locale === 'en-IN') await screenshot(page, `day-one${p.path.replace(/[/?=]/g, '_')}-mobile`);
      }
      expect(wide).toEqual([]);
    });
  }

  it('with no contact details in Settings, /support and the legal pages show none, and show them once published', async () => {
    // The very first visit: no admin yet, nothing published.
    const { page } = await e.newPage('mobile');
    for (const p of ['/support', '/privacy-policy', '/terms-conditions']) {
      await page.goto(`${e.baseUrl}${p}`);
      await page.locator('h1:visible').first().waitFor();
      await waitForAnimations(page);
      expect(await contactDetails(page), p).toEqual([]);
    }
    await page.goto(`${e.baseUrl}/support`);
    await page.getByText('Our phone number and e-mail are not published yet.', { exact: false }).waitFor();

    admin = await createAdmin(e.server);
    const saved = await e.server.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { supportEmail: 'help@example.in', supportPhone: '+91 90000 12345' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const p of ['/support', '/privacy-policy', '/terms-conditions']) {
      await page.goto(`${e.baseUrl}${p}`);
      await page.locator('a[href="mailto:help@example.in"]').first().waitFor();
      expect(await page.locator('a[href^="tel:+919000012345"]').count(), p).toBeGreaterThan(0);
    }
    // One of the two published: the sentence names only that one.
    expect((await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { supportPhone: '' } })).status).toBe(200);
    await page.goto(`${e.baseUrl}/terms-conditions`);
    await page.getByText('Questions about these terms? Email help@example.in.').waitFor();
    expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
  });

  it('a reversal that leaves a debt shows it on the wallet and the dashboard', async () => {
    admin ??= await createAdmin(e.server);
    const referrer = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    const payer = await registerUser(e.server, referrer.user.referralCode);
    const proof = await submitPaymentProof(e.server, payer.token);
    expect((await e.server.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    // ₹250 of the ₹400 reward is on its way out when the payment turns out to be false.
    expect((await withdraw(e.server, referrer.token, { amount: '250' })).status).toBe(201);
    const reversed = await e.server.api('POST', `/api/admin/manual-payments/${proof.id}/reverse`, {
      token: admin.token,
      body: { reason: 'No credit for this UTR in the bank statement' },
    });
    expect(reversed.body).toMatchObject({ recordedAsDebt: '250.00' });

    const { page } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, referrer.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByText('₹250.00 owed').waitFor();
    await page.getByText('The amount is taken from your next earnings', { exact: false }).waitFor();
    await screenshot(page, 'day-one-wallet-debt-mobile');
    await page.goto(`${e.baseUrl}/dashboard`);
    await page.getByText('You owe ₹250.00 from a reversed reward', { exact: false }).waitFor();
    await expectLedgerHolds(e.server);
  });

  it('an admin suspends a user with a reason and lifts it; the user is refused and then let in', async () => {
    admin ??= await createAdmin(e.server);
    const member = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin/users`);
    await page.getByRole('button', { name: `Suspend ${member.user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${member.user.username}?` });
    const confirm = dialog.getByRole('button', { name: 'Suspend', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (the user is told)').fill('Several accounts paid from one UPI ID');
    await confirm.click();
    await waitForToast(page, 'User suspended');
    expect((await e.server.api('GET', '/api/user', { token: member.token })).status).toBe(401);
    const refused = await e.server.api('POST', '/api/login', { body: { phone: member.phone, password: member.password } });
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });

    await page.getByRole('button', { name: `Lift the suspension of ${member.user.username}` }).click();
    const lift = page.getByRole('dialog', { name: `Lift the suspension of ${member.user.username}?` });
    await lift.getByLabel('Reason (the user is told)').fill('Checked with the bank: the payments are genuine');
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await waitForToast(page, 'Suspension lifted');
    const back = await e.server.api('POST', '/api/login', { body: { phone: member.phone, password: member.password } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('a signed-out visit to /admin offers the admin sign-in; a Super Admin without 2FA is asked to set it up', async () => {
    admin ??= await createAdmin(e.server);
    const { page } = await e.newPage('mobile');
    await page.goto(`${e.baseUrl}/admin`);
    await waitForHeading(page, 'Welcome back');
    await page.getByRole('link', { name: 'Admin sign-in' }).click();
    await page.waitForURL(/\/admin-login$/);

    await signInWithToken(page, e.baseUrl, admin.token);
    await page.goto(`${e.baseUrl}/admin`);
    const note = page.getByRole('note').filter({ hasText: 'Turn on two-factor sign-in' });
    await note.waitFor();
    await screenshot(page, 'day-one-admin-2fa-ask-mobile');
    await note.getByRole('link', { name: 'Open the Security Center' }).click();
    await page.getByRole('button', { name: 'Continue without 2FA' }).waitFor();
    await page.getByRole('button', { name: /Setup 2FA/ }).waitFor();
  });
});
