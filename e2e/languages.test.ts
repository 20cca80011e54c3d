// The ten languages after Hindi, each on a phone (390x844) whose browser speaks it: sign-up with a
// validation error, the dashboard, the wallet, and a withdrawal refused below the minimum. On every
// screen: <html lang> the language's, its script on screen, no key shown instead of a text, no
// button or heading overflowing, the script drawn in the Noto font we ship for it, axe clean. Urdu
// also reads right to left: dir="rtl", the menu button and drawer on the right, amounts left to right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActivatedUser, createAdmin } from '../server/test/fixtures.ts';
import { catalogueText, expectTranslatedScreen, signInWithToken, startE2E, waitForAnimations, waitForHeading, type E2E } from './harness.ts';

/** Each language, the Unicode block of its script and the font family that draws it. */
const LANGUAGES = [
  { code: 'bn', script: /[\u0980-\u09FF]/, font: 'Noto Sans Bengali Variable' },
  { code: 'mr', script: /[\u0900-\u097F]/, font: 'Noto Sans Devanagari Variable' },
  { code: 'te', script: /[\u0C00-\u0C7F]/, font: 'Noto Sans Telugu Variable' },
  { code: 'ta', script: /[\u0B80-\u0BFF]/, font: 'Noto Sans Tamil Variable' },
  { code: 'gu', script: /[\u0A80-\u0AFF]/, font: 'Noto Sans Gujarati Variable' },
  { code: 'ur', script: /[\u0600-\u06FF]/, font: 'Noto Nastaliq Urdu Variable' },
  { code: 'kn', script: /[\u0C80-\u0CFF]/, font: 'Noto Sans Kannada Variable' },
  { code: 'or', script: /[\u0B00-\u0B7F]/, font: 'Noto Sans Oriya Variable' },
  { code: 'ml', script: /[\u0D00-\u0D7F]/, font: 'Noto Sans Malayalam Variable' },
  { code: 'pa', script: /[\u0A00-\u0A7F]/, font: 'Noto Sans Gurmukhi Variable' },
] as const;

describe('the product in ten more languages, on a phone', () => {
  let e: E2E;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    e = await startE2E();
    admin = await createAdmin(e.server);
  });
  afterAll(async () => {
    await e?.close();
  });

  for (const language of LANGUAGES) {
    const T = catalogueText(language.code);
    const checkScreen = (page: Page, name: string): Promise<void> =>
      expectTranslatedScreen(page, {
        code: language.code,
        dir: language.code === 'ur' ? 'rtl' : 'ltr',
        script: language.script,
        font: language.font,
        label: `${language.code} ${name}`,
        screenshotName: `language-${language.code}-${name}`,
      });

    it(`${language.code}: sign-up with a validation error, the dashboard, the wallet and a withdrawal below the minimum`, async () => {
      const { page } = await e.newPage('mobile', { locale: `${language.code}-IN` });
      const fonts: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.woff2')) fonts.push(r.url());
      });
      await page.goto(`${e.baseUrl}/register?ref=${admin.user.referralCode}`);
      await waitForHeading(page, T('auth.register.title'));
      await page.getByLabel(T('auth.register.referralLabel')).fill('');
      await page.getByRole('button', { name: T('auth.register.submit') }).click();
      await page.getByText(T('server.accounts.referralCodeRequired')).first().waitFor();
      await checkScreen(page, 'register-error');

      // Someone with two friends activated: ₹800 in the wallet, above the minimum, on the account.
      const u = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
      for (let i = 0; i < 2; i++) await createActivatedUser(e.server, admin.token, u.user.referralCode);
      await signInWithToken(page, e.baseUrl, u.token);
      await page.goto(`${e.baseUrl}/dashboard`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, 'dashboard');

      if (language.code === 'ur') {
        // Mirrored: the menu button sits at the right, and its drawer slides in from the right.
        const button = await page.getByRole('button', { name: T('layout.nav.openMenu') }).boundingBox();
        expect(button!.x, 'menu button on the right').toBeGreaterThan(390 / 2);
        await page.getByRole('button', { name: T('layout.nav.openMenu') }).click();
        const drawer = page.getByRole('dialog');
        await drawer.waitFor();
        await waitForAnimations(page);
        const box = await drawer.boundingBox();
        expect(Math.round(box!.x + box!.width), 'drawer against the right edge').toBe(390);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        // The balance in the top bar stays left to right: ₹ before the digits.
        const balance = page.locator('header a[href="/wallet"]');
        expect(await balance.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      }

      await page.goto(`${e.baseUrl}/wallet`);
      const amount = page.getByLabel(T('wallet.withdraw.amount'), { exact: true });
      await amount.waitFor();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, 'wallet');
      expect(await amount.evaluate((el) => getComputedStyle(el).direction), 'the amount is typed left to right').toBe('ltr');
      await amount.fill('10');
      await page.getByRole('button', { name: T('wallet.withdraw.submit') }).click();
      const settings = await e.server.api('GET', '/api/app-settings');
      const minimum = `₹${String(settings.body.minWithdrawal).replace(/\.00$/, '')}`;
      await page.getByText(T('server.wallet.minimumWithdrawal', { amount: minimum })).first().waitFor();
      await checkScreen(page, 'wallet-below-minimum');

      // Only this script's font (and the switch's tiny name subsets) came down, never the other nine.
      const scriptFonts = fonts.filter((f) => /noto-(sans|nastaliq)-/.test(f) && !f.includes('language-names'));
      const slug = language.font.replace(/ Variable$/, '').toLowerCase().replace(/ /g, '-');
      expect(scriptFonts.length, `${language.code}: a script font downloaded`).toBeGreaterThan(0);
      expect(scriptFonts.filter((f) => !f.includes(slug)), `${language.code}: other scripts' fonts`).toEqual([]);
      // The account follows the browser's language, so its SMS do too.
      await expect.poll(async () => (await e.server.api('GET', '/api/user', { token: u.token })).body.language).toBe(language.code);
    });
  }
});
