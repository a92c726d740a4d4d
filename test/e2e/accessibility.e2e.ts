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
  // the operator's screen: the demo user is an administrator
  '/operator',
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
      // one profile walks every route (the first also pulls the data): the time allowed grows with the list,
      // about 11 s a route on the loaded machine, so a route added does not turn a pass into a timeout
      it(
        `has no serious or critical violations on any route (${size}, ${scheme})`,
        { timeout: ROUTES.length * 20_000 },
        async () => {
          expect(await seriousViolations(env.browser(), env.server(), size, scheme)).toEqual([]);
        },
      );
    }
  }
});

/**
 * Issue 32 row 13: the best-practice rules and color-contrast on the two busiest screens, every impact, light and
 * dark, once the page has settled (the table's history, counts and choice buttons drawn).
 */
describe('accessibility (axe-core best practice and contrast on home and table)', () => {
  const env = serverAndBrowser('e2e-axe-best-');
  for (const scheme of ['light', 'dark'] as const) {
    it(`has no best-practice or contrast violation on / and the table (${scheme})`, async () => {
      const context = await env.browser().newContext({ locale: 'de-DE', viewport: SIZES.desktop, colorScheme: scheme });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of ROUTES.slice(0, 2)) {
        await page.goto(`${env.server().url}${path}`);
        await page.locator('main h1, main h2, main table').first().waitFor({ timeout: 30_000 });
        if (path !== '/') await page.locator('[data-value-input]').first().waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        found.push(
          ...results.violations.flatMap((v) =>
            v.nodes.slice(0, 3).map((n) => `${path} ${v.id} (${v.impact ?? ''}): ${n.target.join(' ')}`),
          ),
        );
      }
      // look at it: the table on desktop and phone
      await page.screenshot({ path: `test-results/axe-table-desktop-${scheme}.png` });
      await page.setViewportSize(SIZES.phone);
      await page.screenshot({ path: `test-results/axe-table-phone-${scheme}.png` });
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
