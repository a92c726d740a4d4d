import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const OUT = 'test-results/screenshots';
const today = new Date().toISOString().slice(0, 10);
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
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
