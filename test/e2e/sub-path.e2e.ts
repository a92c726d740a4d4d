import { calendarDateOf, testToday } from '../support/dates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import {
  api,
  countRoundPosts,
  launchBrowser,
  launchProfile,
  roundLink,
  startTestServer,
  submitRound,
  tempDir,
  type TestServer,
  waitForServiceWorker,
  watchErrors,
} from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { loginServerAndBrowser } from './login-harness';
import { signInAtProvider } from './oidc-provider';

// Issue 32 row 8: an operator serves the app under a sub-path (BASE_PATH=/hwe/) with the one build there is.
const BASE = '/hwe/';
const today = testToday();
/** a demo round with stations on the map */
const TOUR = 'Talsperre Gepatsch Kontrollgang';

/** Every request of the page to the app's own server, so an address outside the sub-path is seen. */
function sameOriginPaths(page: Page, origin: string): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin) paths.push(url.pathname);
  });
  return paths;
}

describe('the app under a sub-path', () => {
  const data = tempDir('e2e-sub-path-data-');
  const profile = tempDir('e2e-sub-path-profile-');
  let server: TestServer;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startTestServer(data.path, 0, { basePath: BASE });
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    data.remove();
    profile.remove();
  });

  it('installs there, opens a round and keeps a value offline, and sends it once back online', async () => {
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const port = server.port;
    const origin = new URL(server.url).origin;
    expect(server.url).toBe(`${origin}/hwe`);
    context = await launchProfile(profile.path);
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = watchErrors(page);
    const paths = sameOriginPaths(page, origin);

    await page.goto(`${server.url}/?date=${today}`);
    const openRound = roundLink(page, round.mrName);
    await openRound.waitFor({ timeout: 60_000 });
    await waitForServiceWorker(page);

    // installed at the sub-path: the worker, its scope and the manifest the browser reads are all under /hwe/
    const installed = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      const m = (await (await fetch(manifest)).json()) as {
        start_url: string;
        scope: string;
        icons: { src: string }[];
      };
      return {
        scope: reg.scope,
        script: reg.active?.scriptURL,
        manifest,
        start: new URL(m.start_url, manifest).href,
        manifestScope: new URL(m.scope, manifest).href,
        icons: m.icons.map((i) => new URL(i.src, manifest).href),
      };
    });
    expect(installed).toEqual({
      scope: `${origin}${BASE}`,
      script: `${origin}${BASE}sw.js`,
      manifest: `${origin}${BASE}manifest.webmanifest`,
      start: `${origin}${BASE}`,
      manifestScope: `${origin}${BASE}`,
      icons: ['icon.svg', 'icon-192.png', 'icon-512.png'].map((f) => `${origin}${BASE}${f}`),
    });

    // a link of the app keeps the sub-path
    await openRound.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${BASE}stations/`));
    await page.getByRole('textbox', { name: p.label, exact: true }).waitFor({ timeout: 30_000 });
    const tableUrl = page.url();

    // no network and no server: the installed app starts from the worker at /hwe/, on its home and on the round
    await context.setOffline(true);
    await server.close();
    await page.goto(`${server.url}/?date=${today}`);
    await openRound.click();
    await page.waitForURL(tableUrl);
    const input = page.getByRole('textbox', { name: p.label, exact: true });
    await input.waitFor({ timeout: 30_000 });
    await input.click();
    await input.pressSequentially(formatDe(p.good), { delay: 20 });
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    await page.reload();
    await expect.poll(() => input.inputValue(), { timeout: 30_000 }).toBe(formatDe(p.good));

    server = await startTestServer(data.path, port, { basePath: BASE });
    await context.setOffline(false);
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
    );
    expect(values.filter((v) => calendarDateOf(v.dt) === today && v.value === p.good)).toHaveLength(1);
    expect(await countRoundPosts(server)).toBe(1);
    // every address the app used was under the sub-path (the server answers outside it too, for a proxy that
    // strips the prefix: only this shows an address the app still builds from the root)
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !path.startsWith(BASE))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the app under a sub-path on a spec-only server', () => {
  const data = tempDir('e2e-sub-path-spec-');
  let server: TestServer | undefined;
  // one browser for both tests (each in its own context): a launch per test cost seconds
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startTestServer(data.path, 0, { basePath: BASE, apiProfile: 'spec' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    data.remove();
  });

  it('loads its rounds and opens one, every address under the sub-path', async () => {
    if (!server) throw new Error('server not started');
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    if (!browser) throw new Error('browser not started');
    const page = await browser.newPage({ locale: 'de-DE' });
    try {
      const errors = watchErrors(page);
      const origin = new URL(server.url).origin;
      const paths = sameOriginPaths(page, origin);
      await page.goto(`${server.url}/?date=${today}`);
      await roundLink(page, round.mrName).click({ timeout: 60_000 });
      await page.getByRole('textbox', { name: p.label, exact: true }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname.startsWith(`${BASE}stations/`)).toBe(true);
      expect(paths.filter((path) => !path.startsWith(BASE))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("draws the demo map's tiles from under the sub-path on the tour", async () => {
    if (!server) throw new Error('server not started');
    if (!browser) throw new Error('browser not started');
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'de-DE',
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const tiles: { path: string; status: number }[] = [];
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (url.pathname.includes('/tiles/')) tiles.push({ path: url.pathname, status: r.status() });
      });
      await page.goto(`${server.url}/?date=${today}`);
      await page.getByRole('button', { name: `${TOUR} offline nehmen` }).click({ timeout: 60_000 });
      await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${BASE}mobile/`));
      const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.goto(`${server.url}/mobile/${instanceId}?view=map`);
      await page.locator('[data-testid="tour-map"] canvas').waitFor({ timeout: 30_000 });
      // the demo config names its layers relative (tiles/…): under the app's base, answered by this server
      await expect.poll(() => tiles.filter((t) => t.status === 200).length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(tiles.filter((t) => !t.path.startsWith(`${BASE}tiles/`))).toEqual([]);
      expect(await page.getByTestId('map-tile-error').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('login under a sub-path', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser(
    'e2e-sub-path-login-',
    {
      basePath: BASE,
      seed: async (s) => {
        await s.db.query("insert into app_user (username) values ('olga')");
        await s.db.query("insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE')");
      },
    },
    (s, b) => {
      server = s;
      browser = b;
    },
  );

  it('comes back from the identity provider to the app under the sub-path, logged in', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const origin = new URL(server.url).origin;
      const paths = sameOriginPaths(page, origin);
      await page.goto(`${server.url}/?date=${today}`);
      const login = page.getByRole('button', { name: 'Anmelden' });
      await login.waitFor({ timeout: 30_000 });
      await login.click();
      // the provider knows only {origin}/hwe/ as the app's address: keycloak-js asked to return there
      await signInAtProvider(page, 'olga');
      await roundLink(page, 'Quellen Kaunertal').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname.startsWith(BASE)).toBe(true);
      await roundLink(page, 'Quellen Kaunertal').click();
      await page.waitForURL((url) => url.pathname.startsWith(`${BASE}stations/`));
      expect(paths.filter((path) => !path.startsWith(BASE))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
