import { testToday } from '../support/dates';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type ServerOptions } from '../../server/app';
import { testEndpoint } from '../../server/http/faults';
import { seedPgliteFromTemplate } from '../support/server/pglite-template';
import { CHROMIUM, HEADLESS_SHELL } from './browsers';

export { CHROMIUM, HEADLESS_SHELL } from './browsers';

/** Flags that keep Debian's Chromium from calling out of this closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A phone with an Android user agent (§9: native camera capture for photos), in German. */
export const ANDROID_PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  locale: 'de-DE',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

export type TestServer = Awaited<ReturnType<typeof startServer>>;

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function startTestServer(
  dataDir: string,
  port = 0,
  opts: Pick<ServerOptions, 'apiProfile' | 'basePath'> = {},
): Promise<TestServer> {
  // the demo database is copied from one built once, not built again per file (test/support/server/pglite-template.ts)
  await seedPgliteFromTemplate(dataDir);
  return startServer({ port, dataDir, staticDir: 'dist', faultInjection: true, demo: true, ...opts });
}

/** The e2e tests' browser, or the full one (`full`) for what only it has: its PDF viewer, its fake camera. */
export async function launchBrowser(full = false): Promise<Browser> {
  return chromium.launch({ executablePath: full ? CHROMIUM : HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS });
}

export async function launchProfile(userDataDir: string, options: { offline?: boolean } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: HEADLESS_SHELL,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'de-DE',
    ...options,
  });
}

/**
 * Waits until the service worker controls the page (it then has the app stored): going offline before that
 * is a first visit cut short, which no app can serve offline.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
}

/** Fails the test on any uncaught page error, so a crash never passes silently. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A call of the server's API (under its base path when it has one: `server.url` includes it). */
export async function api<T>(server: TestServer, path: string): Promise<T> {
  const res = await fetch(`${server.url}/hwe-api/v2${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Answers an intercepted request with the server's own JSON answer as `change` makes it. A test that ends (closes
 * its context) while such a request is in flight leaves nobody waiting for the answer: Playwright then refuses
 * the response's body ("Response has been disposed"), which is let go here instead of failing the run as an
 * unhandled rejection (it once did, in admin-first-visit's /config, after its test had passed).
 */
export async function answerWithChangedJson<T>(route: Route, change: (json: T) => unknown): Promise<void> {
  try {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as T) });
  } catch (e) {
    if (e instanceof Error && /disposed|has been closed|Target closed/.test(e.message)) return;
    throw e;
  }
}

/**
 * Holds a page's code (its chunk, `assets/<name>-<hash>.js`) until `release` is called, so a navigation to that page
 * stays pending: the page before it stays drawn meanwhile, under the new address, as on a slow phone. For a context
 * without the service worker (which would serve the chunk from its cache, past the route).
 */
export async function holdPageCode(page: Page, chunk: string): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/assets/${chunk}-*.js`, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** `holdPageCode` for the help page (/about). */
export function holdHelpPage(page: Page): Promise<{ release: () => void }> {
  return holdPageCode(page, 'About');
}

/** How many submissions reached the server (from the fault-injection request log). */
export async function countRoundPosts(server: TestServer): Promise<number> {
  const log = (await testEndpoint(server, 'requests').then((r) => r.json())) as { method: string; path: string }[];
  return log.filter((r) => r.method === 'POST' && /\/measure-round\/[^/]+$/.test(r.path)).length;
}

/** One real server (own data directory) and one browser for a test file, started once and cleaned up after. */
export function serverAndBrowser(
  prefix: string,
  opts: Pick<ServerOptions, 'apiProfile' | 'basePath'> & { fullBrowser?: boolean } = {},
): { server: () => TestServer; browser: () => Browser } {
  const dir = tempDir(prefix);
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const { fullBrowser, ...serverOpts } = opts;
    server = await startTestServer(dir.path, 0, serverOpts);
    browser = await launchBrowser(fullBrowser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    dir.remove();
  });
  const must = <T>(x: T | undefined, what: string): T => {
    if (!x) throw new Error(`${what} not started`);
    return x;
  };
  return { server: () => must(server, 'server'), browser: () => must(browser, 'browser') };
}

/** The table of a round for today's date. */
export function tableUrl(server: TestServer, roundName: string): string {
  return `${server.url}/stations/${encodeURIComponent(roundName)}/${testToday()}`;
}

/** A fresh browser context on the table of a round, collecting page errors from the first load on. */
export async function openTable(
  browser: Browser,
  server: TestServer,
  roundName: string,
  options: Parameters<Browser['newContext']>[0] = { locale: 'de-DE' },
  /** runs on the new context before the first page loads (e.g. pinWallClock) */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  await prepare?.(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(tableUrl(server, roundName));
  // A first start pulls the rounds and their history before the table exists; on a loaded machine that takes
  // longer than an action's own wait. Tests that go offline right away need the round on the device first.
  await page
    .locator('[data-value-input]')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  return { context, page, errors };
}

/**
 * Clicks the submit button and confirms every prompt that follows (implausible values ticked one by one,
 * unassessed incidents, incomplete round), as a user who checked them would. Returns when no prompt is
 * left: the round is then queued, or a message says why not.
 */
export async function submitRound(page: Page, buttonName = 'Absenden'): Promise<void> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await page.locator('[data-testid="submit-bar"]:not([aria-busy="true"])').waitFor();
  for (;;) {
    // only open dialogs: entry dialogs (discharge, snow…) stay in the page, closed
    const dialog = page.locator('dialog[open]');
    if ((await dialog.count()) === 0) return;
    const testId = await dialog.first().getAttribute('data-testid');
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await dialog.getByRole('button', { name: /^(Weiter|Senden|Continue|Send)$/ }).click();
    await page.locator(`dialog[data-testid="${testId}"]`).waitFor({ state: 'detached' });
  }
}

/**
 * A link or button of the navbar, shown. Below the md breakpoint (a phone) and on the field screens the navbar
 * keeps them in its Menu: that is opened first, as a user would. The menu closes on a route change, and the
 * item may come with data still loading (the archive link with the user): both are waited out.
 */
export async function navItem(page: Page, role: 'link' | 'button', name: string, timeout = 30_000): Promise<Locator> {
  const banner = page.getByRole('banner');
  const menu = banner.getByTestId('nav-menu');
  const item = banner.getByRole(role, { name, exact: true });
  for (const end = Date.now() + timeout; ;) {
    if (await item.isVisible()) return item;
    if (Date.now() > end) throw new Error(`navbar ${role} "${name}" not shown`);
    if ((await menu.isVisible()) && (await menu.getAttribute('open')) === null) await menu.locator('summary').click();
    await page.waitForTimeout(200);
  }
}

/** Follows a navbar link by its name, through the Menu where the navbar folds its links into one. */
export async function openNavLink(page: Page, name: string): Promise<void> {
  await (await navItem(page, 'link', name)).click();
}

/**
 * The round card's link into a round's table (a meteo round's into its month list), by its accessible name as a
 * user's screen reader says it: "Tabelle öffnen (Büro): <round>" (the bench finds its way by it too).
 */
export function roundLink(page: Page, roundName: string, meteo = false): Locator {
  const open = meteo ? 'Meteo-Eingabe öffnen' : 'Tabelle öffnen (Büro)';
  return page.getByRole('link', { name: `${open}: ${roundName}`, exact: true });
}

/** The page's scroll position once two reads a frame-train apart agree (smooth scrolling has ended). */
export async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const now = await page.evaluate(
      () => new Promise<number>((resolve) => setTimeout(() => resolve(window.scrollY), 150)),
    );
    if (now === last) return now;
    last = now;
  }
}
