import { testToday } from '../support/dates';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors } from './harness';

const OUT = 'test-results/screenshots';
const today = testToday();
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Screenshots of the meteo list, the permission matrix and the documents, phone and desktop, light and dark. */
describe('screenshots of meteo, permissions and documents', () => {
  const env = serverAndBrowser('e2e-shots-am-');
  mkdirSync(OUT, { recursive: true });
  beforeAll(async () => {
    await env.server().db.query("insert into app_user (username) values ('olga'), ('rudi')");
    await env
      .server()
      .db.query(
        "insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1')",
      );
  });

  for (const viewport of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`renders them on ${viewport.name} in ${scheme} mode without errors`, async () => {
        const context = await env.browser().newContext({ viewport, colorScheme: scheme, locale: 'de-DE' });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${env.server().url}/meteo/${encodeURIComponent('Meteo Kaunertal')}/${today}`);
        const first = page.getByRole('textbox', { name: /^Feichten 4001 N / }).first();
        await first.waitFor({ timeout: 20_000 });
        await first.fill('2,5');
        await page
          .getByRole('textbox', { name: /^Feichten 4001 LT / })
          .first()
          .fill('80');
        await page.screenshot({ path: `${OUT}/meteo-${viewport.name}-${scheme}.png` });

        await page.goto(`${env.server().url}/permissions`);
        await page
          .getByRole('checkbox', { name: 'olga Meteo Kaunertal Beobachtung (erfasst Messwerte)', exact: true })
          .check({ timeout: 20_000 });
        // the filters are folded on a phone
        if (viewport.name === 'phone') await page.locator('summary', { hasText: 'Filter' }).click();
        await page.getByRole('textbox', { name: 'Rollen filtern (regulärer Ausdruck)' }).fill('(');
        await page.screenshot({ path: `${OUT}/permissions-${viewport.name}-${scheme}.png` });

        await page.goto(`${env.server().url}/documents`);
        await page.getByText('Messanleitung.txt').waitFor({ timeout: 20_000 });
        await page.screenshot({ path: `${OUT}/documents-${viewport.name}-${scheme}.png` });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
