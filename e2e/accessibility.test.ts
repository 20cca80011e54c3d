// Journey: the Accessibility Settings dialog is reachable by a visitor, its choices apply at once,
// persist across a reload, and Reset to Defaults restores them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, startE2E, waitForAnimations, waitForHeading, type E2E } from './harness.ts';

describe('accessibility settings', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('applies, persists across reload and resets', async () => {
    const { page } = await e.newPage('mobile');
    await page.goto(`${e.baseUrl}/login`);
    await waitForHeading(page, 'Welcome back');
    await page.getByRole('button', { name: 'Accessibility settings' }).click();
    const dialog = page.getByRole('dialog', { name: /Accessibility Settings/ });
    await dialog.waitFor();
    await dialog.getByText('Customize your viewing experience for better accessibility and comfort.').waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'accessibility-dialog-mobile');
    await expectNoSeriousA11yViolations(page, 'accessibility dialog');

    await dialog.getByRole('switch', { name: 'Enable High Contrast' }).click();
    await dialog.getByText('High contrast mode is active.').waitFor();
    await dialog.getByRole('switch', { name: 'Enhanced Focus Mode' }).click();
    await dialog.getByRole('combobox', { name: 'Font size' }).click();
    await page.getByRole('option', { name: 'Large (18px)' }).click();
    await dialog.getByRole('switch', { name: 'Reduce Motion' }).click();
    const classes = () => page.evaluate(() => document.documentElement.className);
    expect(await classes()).toMatch(/high-contrast/);
    expect(await classes()).toMatch(/font-large/);
    expect(await classes()).toMatch(/enhanced-focus/);
    expect(await classes()).toMatch(/reduce-motion/);
    await waitForAnimations(page);
    await screenshot(page, 'accessibility-dialog-hc-mobile');
    await expectNoSeriousA11yViolations(page, 'accessibility dialog (high contrast)');
    await dialog.getByRole('button', { name: 'Apply Settings' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await waitForHeading(page, 'Welcome back');
    expect(await classes()).toMatch(/high-contrast/);
    expect(await classes()).toMatch(/font-large/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
    await screenshot(page, 'login-large-hc-mobile');

    await page.getByRole('button', { name: 'Accessibility settings' }).click();
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    const after = await classes();
    expect(after).not.toMatch(/high-contrast|font-large|enhanced-focus|reduce-motion/);
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForHeading(page, 'Welcome back');
    expect(await classes()).not.toMatch(/high-contrast|font-large|enhanced-focus/);
  });
});
