import { testToday } from '../support/dates';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, type TestServer } from './harness';

const today = testToday();
const TABLE = `/stations/${encodeURIComponent('Talsperre Gepatsch Kontrollgang')}/${today}`;
const ROUTES = [
  '/',
  TABLE,
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
/**
 * Issue 32 row 13: the two busiest screens are also held to the best-practice rules and color-contrast at every
 * impact (on desktop, light and dark), once the page has settled (the table's history, counts and choice buttons
 * drawn).
 */
const BUSIEST = new Set(['/', TABLE]);
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type Scheme = 'light' | 'dark';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/**
 * The system's colour scheme switched while the page is open. The app reads it at start (src/app/theme.ts,
 * applyStoredTheme): the class it sets then is set here the same way, so the page is drawn as one started in
 * that scheme. The next route then starts in it for real (the walk alternates which scheme a route starts in).
 */
async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() =>
    document.documentElement.classList.toggle('dark', matchMedia('(prefers-color-scheme: dark)').matches),
  );
}

/** The axe violations of the page as shown, as "path (size, scheme) rule (impact): target" lines. */
async function violations(page: Page, path: string, size: keyof typeof SIZES, scheme: Scheme): Promise<string[]> {
  const busiest = size === 'desktop' && BUSIEST.has(path);
  // legacy mode: axe.run in the page itself (the app has no frames), not runPartial plus a blank page per run
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(busiest ? [...WCAG, 'best-practice'] : WCAG)
    .analyze();
  // axe looked at the page: rules that apply to every screen passed (a run that checked nothing proves nothing)
  expect(results.passes.length, `${path} (${size}, ${scheme}) rules passed`).toBeGreaterThan(10);
  return (
    results.violations
      // every route: no serious or critical WCAG violation; the busiest: no violation at all
      .filter((v) => busiest || v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes
          .slice(0, 3)
          .map((n) => `${path} (${size}, ${scheme}) ${v.id} (${v.impact ?? ''}): ${n.target.join(' ')}`),
      )
  );
}

/**
 * One profile walks every route, as a user would (the first visit pulls the data, the others reuse it), and axe
 * checks each route light and dark. A route starts in the scheme the one before ended in, so half the routes start
 * light and half dark, and each is switched to the other scheme once drawn.
 */
async function walk(browser: Browser, server: TestServer, size: keyof typeof SIZES): Promise<string[]> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: SIZES[size], colorScheme: 'light' });
  const page = await context.newPage();
  const found: string[] = [];
  let scheme: Scheme = 'light';
  try {
    for (const path of ROUTES) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1, main h2, main table').first().waitFor({ timeout: 30_000 });
      if (path === TABLE) await page.locator('[data-value-input]').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      // the app took the system's scheme at its start
      expect(await isDark(page), `${path} started ${scheme}`).toBe(scheme === 'dark');
      for (const next of scheme === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
        if (next !== scheme) await switchScheme(page, next);
        scheme = next;
        found.push(...(await violations(page, path, size, scheme)));
        // look at it: the table in both schemes on desktop and phone
        if (path === TABLE) await page.screenshot({ path: `test-results/axe-table-${size}-${scheme}.png` });
      }
    }
  } finally {
    await context.close();
  }
  return found;
}

/**
 * axe-core with zero serious or critical violations on every route, light and dark, desktop and phone; on the
 * desktop home and table none at all, best practice included.
 */
describe('accessibility (axe-core)', () => {
  const env = serverAndBrowser('e2e-axe-');
  for (const size of ['desktop', 'phone'] as const) {
    // two axe runs a route (light, dark): the time allowed grows with the list, about 10 s a run on the loaded
    // machine, so a route added does not turn a pass into a timeout
    it(
      `has no serious or critical violations on any route, light and dark (${size})`,
      { timeout: ROUTES.length * 40_000 },
      async () => {
        expect(await walk(env.browser(), env.server(), size)).toEqual([]);
      },
    );
  }
});
