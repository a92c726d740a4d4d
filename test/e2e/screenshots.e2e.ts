import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startTestServer, tempDir, watchErrors, type TestServer } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const OUT = 'test-results/screenshots';
const today = new Date().toISOString().slice(0, 10);
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

/** Screenshots of the key screens, phone and desktop, light and dark, for people to look at in review. */
describe('screenshots of key screens', () => {
  const dir = tempDir('e2e-shots-');
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startTestServer(dir.path);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    dir.remove();
  });

  for (const viewport of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`renders group selection and table on ${viewport.name} in ${scheme} mode without errors`, async () => {
        const { round, picked } = await pickNumericEntries(server, 2);
        const context = await browser.newContext({ viewport, colorScheme: scheme, locale: 'de-DE' });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url}/?date=${today}`);
        await page.getByRole('link', { name: new RegExp(round.mrName) }).waitFor();
        await page.screenshot({ path: `${OUT}/groups-${viewport.name}-${scheme}.png`, fullPage: false });
        await page.getByRole('link', { name: new RegExp(round.mrName) }).click();
        const [good, bad] = picked;
        if (!good || !bad) throw new Error('no entries');
        await page.getByRole('textbox', { name: good.label, exact: true }).fill(formatDe(good.good));
        await page.getByRole('textbox', { name: bad.label, exact: true }).fill(String((bad.entry.tsPlausibilityCheck?.max ?? 0) + 1000));
        await expect.poll(() => page.locator('tr[data-status="warning"]').count(), { timeout: 10_000 }).toBe(1);
        await expect.poll(() => page.locator('tr[data-status="success"]').count(), { timeout: 10_000 }).toBe(1);
        await page.screenshot({ path: `${OUT}/table-${viewport.name}-${scheme}.png`, fullPage: false });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
