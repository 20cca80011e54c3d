// Journey of tax withheld at source, in Chromium against the built server: a Super Admin turns
// withholding on in the Tax tab (the yearly threshold lowered to ₹1,000 so three referrals cross it);
// a referrer without a PAN crosses the threshold, sees the tax on the wallet's history (20% of the
// whole year's ₹1,200 at that credit) and the request for a PAN beside it, adds the PAN on the
// Profile (a malformed one refused first) and sees it masked; the next reward is taxed at 2%; the
// yearly summary downloads as a PDF. The Super Admin sees the quarter's totals by section, downloads
// the Form 26Q rows as CSV (adding up to tds_payable), and records the deposit by challan (a wrong
// BSR code refused first). Screens checked with axe at 1280 px, and at 390 px for sideways scroll;
// the ledger holds at the end. Then the same screens in Hindi on a phone: no key instead of a text,
// nothing cut off or scrolling sideways, axe clean.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../server/test/fixtures.ts';
import { expectLedgerHolds } from '../server/test/harness.ts';
import { catalogueText, expectNoSeriousA11yViolations, overflowingControls, RAW_KEY, screenshot, signInWithToken, startE2E, waitForAnimations, waitForHeading, waitForToast, type E2E } from './harness.ts';

const run = promisify(execFile);
const PAN = 'ZZAPT1234Q';

/** How much wider than the window the page is (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function checkScreen(page: Page, name: string, label: string) {
  await waitForAnimations(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, label);
}

/** The CSV as rows of cells (every cell quoted; none in this journey holds a quote or a comma). */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((line) => line.split('","').map((c) => c.replace(/^"|"$/g, '')));

const paise = (rupees: string) => Math.round(Number(rupees) * 100);

const H = catalogueText('hi');

/** A screen in Hindi: lang="hi", no key shown for a text, no button or heading cut off or past the edge, no sideways scroll, axe clean. */
async function checkHindiScreen(page: Page, name: string) {
  await waitForAnimations(page);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0] ?? null, `${name}: a key shown instead of its text`).toBeNull();
  const cut = await overflowingControls(page);
  expect(cut, `${name}: overflowing buttons or headings`).toEqual([]);
  expect(await overflow(page), `${name}: scrolls sideways`).toBe(0);
  await screenshot(page, `tax-hindi-${name}`);
  await expectNoSeriousA11yViolations(page, `${name} (Hindi)`);
}

describe('tax withheld at source', () => {
  let e: E2E;
  let admin: SignedIn;

  beforeAll(async () => {
    e = await startE2E();
    admin = await createAdmin(e.server);
  });
  afterAll(async () => {
    await e?.close();
  });

  /** A payer referred by `referrer`, their proof approved by the admin: one ₹400 reward. */
  async function paidReferral(referrer: RegisteredUser) {
    const payer = await registerUser(e.server, referrer.user.referralCode);
    const proof = await submitPaymentProof(e.server, payer.token);
    const approved = await e.server.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }

  it('withholding turned on, a referrer taxed past the threshold adds a PAN, and the quarter is reported and deposited', async () => {
    // The Super Admin turns withholding on in the Tax tab, past ₹1,000 a year.
    const { page: adminPage } = await e.newPage('desktop');
    await signInWithToken(adminPage, e.baseUrl, admin.token);
    await adminPage.goto(`${e.baseUrl}/admin/tax`);
    await waitForHeading(adminPage, 'Admin Panel');
    await adminPage.getByText('Withholding off').waitFor();
    await adminPage.getByText('Sections and rates are to be set with your tax adviser', { exact: false }).waitFor();
    await adminPage.getByLabel('Above, in a financial year').fill('1000');
    await adminPage.getByRole('switch', { name: 'Withhold tax at source' }).click();
    await adminPage.getByRole('button', { name: 'Save withholding settings' }).click();
    await waitForToast(adminPage, 'Withholding settings saved');
    await adminPage.getByText('Withholding on').waitFor();
    expect((await e.server.api('GET', '/api/admin/settings', { token: admin.token })).body).toMatchObject({
      tdsEnabled: true,
      tdsReferralSection: '194H',
      tdsReferralRatePercent: '2',
      tdsReferralYearlyThreshold: '1000.00',
      tdsNoPanRatePercent: '20',
    });
    await adminPage.getByText('No tax was withheld in this quarter.').waitFor();
    await checkScreen(adminPage, 'tax-tab-empty-desktop', 'the Tax tab before any withholding');

    // A referrer without a PAN: ₹800, then ₹1,200 this year, past ₹1,000: 20% of the whole ₹1,200.
    const referrer = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    for (let i = 0; i < 3; i++) await paidReferral(referrer);
    expect((await e.server.api('GET', '/api/user', { token: referrer.token })).body).toMatchObject({ walletBalance: '960.00', totalEarnings: '1200.00' });

    const { page } = await e.newPage('desktop');
    await signInWithToken(page, e.baseUrl, referrer.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    const prompt = page.getByRole('note').filter({ hasText: 'Add your PAN: without it 20% is withheld' });
    await prompt.waitFor();
    await prompt.getByText('Your referral rewards this financial year are ₹1,200.00. Above ₹1,000.00 a year, income tax is withheld at source: 2% with your PAN, 20% without it.').waitFor();
    await page
      .getByTestId('transaction-tax')
      .filter({ hasText: "₹400.00 less ₹240.00 tax withheld at source (section 194H, 20% of ₹1,200.00, this year's rewards not taxed before)" })
      .first()
      .waitFor();
    await checkScreen(page, 'tax-wallet-withheld-desktop', 'the wallet with tax withheld and the PAN asked for');

    // To the Profile from the request; a malformed PAN is refused before anything is sent.
    await prompt.getByRole('link', { name: 'Add your PAN' }).click();
    await waitForHeading(page, 'Profile');
    await page.getByRole('heading', { name: 'Tax withheld at source (PAN)' }).waitFor();
    await page.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
    await page.getByLabel('Name as on your PAN card').fill('Asha Verma');
    await page.getByRole('button', { name: 'Save PAN' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter your PAN as it is on the card: 10 characters, like ABCPE1234F' }).waitFor();
    expect((await e.server.api('GET', '/api/me/tax', { token: referrer.token })).body.pan).toBeNull();
    await checkScreen(page, 'tax-profile-pan-refused-desktop', 'the PAN card with a malformed PAN');

    await page.getByLabel('PAN', { exact: true }).fill(PAN.toLowerCase());
    await page.getByRole('button', { name: 'Save PAN' }).click();
    await waitForToast(page, 'PAN saved');
    await expect.poll(() => page.getByTestId('pan-masked').textContent()).toBe('ZZXXXXXX4Q');
    expect(await page.getByText(PAN).count()).toBe(0);
    expect(await page.getByText('Add your PAN: without it 20% is withheld').count()).toBe(0);
    await page.getByTestId('tax-year-withheld').getByText('₹240.00').waitFor();
    await checkScreen(page, 'tax-profile-pan-saved-desktop', 'the PAN card with the PAN saved');

    // The yearly summary: the financial year's statement as PDF, ending with the tax withheld.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download summary (PDF)' }).click();
    const summary = await downloading;
    expect(summary.suggestedFilename()).toMatch(/^tax-summary-\d{4}-\d{2}\.pdf$/);
    const summaryText = (await run('pdftotext', ['-layout', (await summary.path())!, '-'])).stdout;
    expect(summaryText).toMatch(/Tax withheld at source, financial year \d{4}-\d{2}/);
    expect(summaryText).toContain('ZZXXXXXX4Q');

    // With the PAN, the next reward is taxed at 2% of itself; the earlier withholding stays as it was.
    await paidReferral(referrer);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await page.getByTestId('transaction-tax').filter({ hasText: '₹400.00 less ₹8.00 tax withheld at source (section 194H, 2%)' }).first().waitFor();
    await page.getByTestId('transaction-tax').filter({ hasText: '₹400.00 less ₹240.00 tax withheld at source' }).first().waitFor();
    expect(await page.getByText('Add your PAN: without it 20% is withheld').count()).toBe(0);

    // The Super Admin's quarter: ₹248 withheld under 194H, one row of it without a PAN.
    await adminPage.reload();
    await waitForHeading(adminPage, 'Admin Panel');
    const sectionRow = adminPage.getByRole('row', { name: /194H/ });
    await sectionRow.getByText('₹248.00').waitFor();
    await sectionRow.getByText('₹1,600.00').waitFor();
    await expect.poll(() => adminPage.getByTestId('tax-outstanding').textContent()).toBe('₹248.00');
    await checkScreen(adminPage, 'tax-tab-quarter-desktop', 'the Tax tab with the quarter');

    // The Form 26Q rows: this referrer's two, and all of them add up to tds_payable.
    const csvDownload = adminPage.waitForEvent('download');
    await adminPage.getByRole('button', { name: 'Form 26Q rows (CSV)' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^tds-26q-\d{4}-\d{2}-Q[1-4]\.csv$/);
    const rows = csvRows(await readFile((await csvFile.path())!, 'utf8'));
    expect(rows[0]!.slice(0, 7)).toEqual(['PAN of deductee', 'Name of deductee', 'Section', 'Date of payment/credit', 'Amount paid/credited (INR)', 'Rate (%)', 'Tax deducted (INR)']);
    const body = rows.slice(1);
    expect(body.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[8]])).toEqual([
      ['PANNOTAVBL', referrer.user.username, '194H', '1200.00', '20.00', '240.00', 'C'],
      [PAN, 'Asha Verma', '194H', '400.00', '2.00', '8.00', ''],
    ]);
    const ledger = async () =>
      Object.fromEntries(
        ((await e.server.api('GET', '/api/admin/ledger', { token: admin.token })).body.accounts as { name: string; balance: string }[]).map((a) => [a.name, a.balance]),
      );
    expect(body.reduce((sum, r) => sum + paise(r[6]!), 0)).toBe(paise((await ledger()).tds_payable!));

    // The deposit by challan: a BSR code of five digits is refused, then the whole quarter is recorded.
    const deposit = adminPage.getByRole('form', { name: 'Record a deposit' });
    await expect.poll(() => deposit.getByLabel('Amount deposited').inputValue()).toBe('248.00');
    await deposit.getByLabel('BSR code (7 digits)').fill('05103');
    await deposit.getByLabel('Challan serial number').fill('123');
    await deposit.getByRole('button', { name: 'Record deposit' }).click();
    await deposit.getByRole('alert').filter({ hasText: 'Enter the BSR code of the bank branch: 7 digits' }).waitFor();
    await checkScreen(adminPage, 'tax-tab-deposit-refused-desktop', 'the deposit form with a wrong BSR code');
    await deposit.getByLabel('BSR code (7 digits)').fill('0510308');
    await deposit.getByRole('button', { name: 'Record deposit' }).click();
    await waitForToast(adminPage, 'Deposit recorded');
    await expect.poll(() => adminPage.getByTestId('tax-outstanding').textContent()).toBe('₹0.00');
    await adminPage.getByRole('row', { name: /00123/ }).getByText('0510308').waitFor();
    expect(await ledger()).toMatchObject({ tds_payable: '0.00', tds_deposited: '248.00' });
    await checkScreen(adminPage, 'tax-tab-deposited-desktop', 'the Tax tab with the deposit recorded');

    // On a phone: the Tax tab and the PAN card fit 390 px.
    const phone = await e.newPage('mobile');
    await signInWithToken(phone.page, e.baseUrl, admin.token);
    await phone.page.goto(`${e.baseUrl}/admin/tax`);
    await waitForHeading(phone.page, 'Admin Panel');
    await phone.page.getByRole('heading', { name: 'Deposits' }).waitFor();
    await phone.page.getByText('0510308').filter({ visible: true }).first().waitFor();
    await checkScreen(phone.page, 'tax-tab-mobile', 'the Tax tab on a phone');
    expect(await overflow(phone.page), 'the Tax tab scrolls sideways at 390 px').toBe(0);
    const phoneUser = await e.newPage('mobile');
    await signInWithToken(phoneUser.page, e.baseUrl, referrer.token);
    await phoneUser.page.goto(`${e.baseUrl}/profile`);
    await waitForHeading(phoneUser.page, 'Profile');
    await phoneUser.page.getByTestId('pan-masked').waitFor();
    await checkScreen(phoneUser.page, 'tax-profile-mobile', 'the PAN card on a phone');
    expect(await overflow(phoneUser.page), 'the Profile scrolls sideways at 390 px').toBe(0);

    await expectLedgerHolds(e.server);
  });

  it('reads in Hindi on a phone: the request for a PAN, the tax on the history, the PAN card and the Tax tab', async () => {
    // Withholding on past ₹1,000 (as the journey before left it): a second referrer, without a PAN, crosses it.
    const on = await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { tdsEnabled: true, tdsReferralYearlyThreshold: '1000' } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const referrer = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    for (let i = 0; i < 3; i++) await paidReferral(referrer);
    const { page } = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(page, e.baseUrl, referrer.token);
    await page.goto(`${e.baseUrl}/wallet`);
    await page.getByText(H('tax.request.title', { rate: '20' })).first().waitFor();
    await page
      .getByTestId('transaction-tax')
      .filter({ hasText: H('transactions.list.taxOn', { gross: '₹400.00', tax: '₹240.00', section: '194H', rate: '20', taxedOn: '₹1,200.00' }) })
      .first()
      .waitFor();
    await checkHindiScreen(page, 'wallet');

    await page.goto(`${e.baseUrl}/profile`);
    await page.getByRole('heading', { name: H('tax.title') }).waitFor();
    await page.getByLabel(H('tax.pan.nameLabel')).waitFor();
    await checkHindiScreen(page, 'profile');

    // The admin chose English on their account in the journey before (a first visit keeps the browser's language): Hindi now.
    expect((await e.server.api('PUT', '/api/user/language', { token: admin.token, body: { language: 'hi' } })).status).toBe(200);
    const adminPhone = await e.newPage('mobile', { locale: 'hi-IN' });
    await signInWithToken(adminPhone.page, e.baseUrl, admin.token);
    await adminPhone.page.goto(`${e.baseUrl}/admin/tax`);
    await adminPhone.page.getByRole('heading', { level: 1 }).first().waitFor();
    await adminPhone.page.getByText(H('adminTax.deposits.text')).waitFor();
    await adminPhone.page.getByText(H('adminTax.settings.legal')).waitFor();
    await checkHindiScreen(adminPhone.page, 'admin-tax');
    await expectLedgerHolds(e.server);
  });
});
