import { testToday } from '../support/dates';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, type TestServer } from './harness';

const today = testToday();
const ROUTES = [
  '/',
  `/stations/${encodeURIComponent('Talsperre Gepatsch Kontrollgang')}/${today}`,
  '/archive',
  '/about',
  '/config',
  '/debug',
  '/permissions',
  '/changelog',
  '/imprint',
  '/privacyPolicy',
];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Serious and critical axe violations of every route, as "path rule: target" lines (empty when clean). */
async function seriousViolations(
  browser: Browser,
  server: TestServer,
  size: keyof typeof SIZES,
  colorScheme: 'light' | 'dark',
): Promise<string[]> {
  // One profile visits every route, as a user would: the first visit pulls the data, the others reuse it.
  const context = await browser.newContext({ locale: 'de-DE', viewport: SIZES[size], colorScheme });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of ROUTES) {
    await page.goto(`${server.url}${path}`);
    await page.locator('main h1, main h2, main table').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    found.push(
      ...results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${path} ${v.id}: ${n.target.join(' ')}`)),
    );
  }
  await context.close();
  return found;
}

/** axe-core with zero serious or critical violations on every route, light and dark, desktop and phone. */
describe('accessibility (axe-core)', () => {
  const env = serverAndBrowser('e2e-axe-');
  for (const size of ['desktop', 'phone'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`has no serious or critical violations on any route (${size}, ${scheme})`, async () => {
        expect(await seriousViolations(env.browser(), env.server(), size, scheme)).toEqual([]);
      });
    }
  }
});
