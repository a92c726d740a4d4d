import { testToday } from '../support/dates';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const OUT = 'test-results/screenshots';
const today = testToday();
/** Lightness (0–255, mean of r, g, b) of an element's background, through a canvas: Tailwind's colours are oklch. */
const backgroundLightness = (el: Locator) =>
  el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(node).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3;
  });

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

/** Screenshots of the key screens, phone and desktop, light and dark, for people to look at in review. */
describe('screenshots of key screens', () => {
  const env = serverAndBrowser('e2e-shots-');
  mkdirSync(OUT, { recursive: true });

  for (const viewport of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`renders group selection and table on ${viewport.name} in ${scheme} mode without errors`, async () => {
        const { round, picked } = await pickNumericEntries(env.server(), 2);
        const context = await env.browser().newContext({ viewport, colorScheme: scheme, locale: 'de-DE' });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${env.server().url}/?date=${today}`);
        await page.getByRole('link', { name: new RegExp(round.mrName) }).waitFor();
        await page.screenshot({ path: `${OUT}/groups-${viewport.name}-${scheme}.png`, fullPage: false });
        await page.getByRole('link', { name: new RegExp(round.mrName) }).click();
        const [good, bad] = picked;
        if (!good || !bad) throw new Error('no entries');
        await page.getByRole('textbox', { name: good.label, exact: true }).fill(formatDe(good.good));
        await page
          .getByRole('textbox', { name: bad.label, exact: true })
          .fill(String((bad.entry.tsPlausibilityCheck?.max ?? 0) + 1000));
        await expect.poll(() => page.locator('tr[data-status="warning"]').count(), { timeout: 10_000 }).toBe(1);
        await expect.poll(() => page.locator('tr[data-status="success"]').count(), { timeout: 10_000 }).toBe(1);
        await page.screenshot({ path: `${OUT}/table-${viewport.name}-${scheme}.png`, fullPage: false });
        // the round's "saved on this device" badge: dark on the dark page (it stayed light grey), readable in both
        const badge = page.getByTestId('submit-bar').getByTestId('sync-state');
        expect(await badge.getAttribute('data-state')).toBe('draft');
        const lightness = await backgroundLightness(badge);
        expect(scheme === 'dark' ? lightness < 96 : lightness > 160).toBe(true);
        const contrast = await new AxeBuilder({ page })
          .include('[data-testid="submit-bar"] [data-testid="sync-state"]')
          .withRules(['color-contrast'])
          .analyze();
        expect(contrast.violations).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
