import { calendarDateOf, testToday } from '../support/dates';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import {
  api,
  countRoundPosts,
  launchProfile,
  serverAndBrowser,
  startTestServer,
  submitRound,
  tempDir,
  type TestServer,
  waitForServiceWorker,
} from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { startBrowser } from './restart';

const today = testToday();

describe('offline entry', () => {
  const data = tempDir('e2e-offline-data-');
  const profile = tempDir('e2e-offline-profile-');
  let server: TestServer;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startTestServer(data.path);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    data.remove();
    profile.remove();
  });

  it('keeps a value typed while offline across two reloads and sends it once when back online', async () => {
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const port = server.port;
    context = await launchProfile(profile.path);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: new RegExp(round.mrName) }).waitFor();
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: new RegExp(round.mrName) }).click();
    const input = page.getByRole('textbox', { name: p.label, exact: true });
    await input.waitFor();

    // the whole entry happens without network and without server
    await context.setOffline(true);
    await server.close();
    await input.fill(formatDe(p.good));
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    await page.reload();
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(formatDe(p.good));
    await page.reload();
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(formatDe(p.good));

    server = await startTestServer(data.path, port);
    await context.setOffline(false);
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
    );
    expect(values.filter((v) => calendarDateOf(v.dt) === today && v.value === p.good)).toHaveLength(1);
    expect(await countRoundPosts(server)).toBe(1);
  });
});

describe('a first visit', () => {
  const env = serverAndBrowser('e2e-offline-first-data-');

  it('says "loading" while the first pull runs, and offline says to connect instead of loading for good', async () => {
    const profile = tempDir('e2e-offline-first-profile-');
    try {
      const first = await startBrowser(profile.path, 'crash');
      let context = first.context;
      // the first pull never answers: the app was opened once and the phone ended it before its rounds came
      await context.route(/\/hwe-api\/v2\/(sync-state|measure-rounds?)\b/, () => undefined);
      let page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${env.server().url}/?date=${today}`);
      const loading = () => page.getByText('Die Messrunden werden vom Server geladen…');
      await loading().waitFor({ timeout: 30_000 });
      // the frame's text comes before the rounds: the hint the cards will need, in the element it keeps
      await expect
        .poll(() => page.getByTestId('round-actions-hint').textContent())
        .toMatch(/^Büro: jetzt in der Tabelle erfassen\./);
      expect(await page.getByRole('link', { name: /Quellen Kaunertal/ }).count()).toBe(0);
      // a round's address names the round in its heading at once, with the loading line under it, not "not found"
      await page.goto(`${env.server().url}/stations/Quellen%20Kaunertal/${today}`);
      await page
        .getByRole('heading', { level: 1, name: `Quellen Kaunertal · ${today.split('-').reverse().join('.')}` })
        .waitFor();
      await loading().waitFor({ timeout: 30_000 });
      expect(await page.getByText('Die Gruppe mit dem Namen Quellen Kaunertal wurde nicht gefunden.').count()).toBe(0);
      await waitForServiceWorker(page);
      // killed, not closed or navigated away: the pull under way had no moment to record its failure
      await first.end();

      // offline the app does not try to pull, so nothing would ever end the "loading"
      // offline from the browser's start: a page that saw the network for a moment would try, fail and say so
      context = await launchProfile(profile.path, { offline: true });
      try {
        page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${env.server().url}/?date=${today}`);
        await page
          .getByText(/Auf diesem Gerät sind noch keine Messrunden gespeichert\. Verbinden Sie sich/)
          .waitFor({ timeout: 30_000 });
        expect(await loading().count()).toBe(0);
        // a round's address says it is not on this device, not that it is loading
        await page.goto(`${env.server().url}/stations/Quellen%20Kaunertal/${today}`);
        await page.getByText('Die Gruppe mit dem Namen Quellen Kaunertal wurde nicht gefunden.').waitFor();
        expect(await loading().count()).toBe(0);
      } finally {
        await context.close();
      }
    } finally {
      profile.remove();
    }
  });

  it("installs the service worker only once the first pull has ended (its precache would share the pull's link)", async () => {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    try {
      // the pull's last request is held until the test lets it go
      let pullLast: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (pullLast = resolve));
      const reached = new Promise<void>(
        (resolve) =>
          void context.route(/\/hwe-api\/v2\/completed-measure-round\b/, async (route) => {
            resolve();
            await held;
            await route.continue();
          }),
      );
      const page = await context.newPage();
      await page.goto(`${env.server().url}/?date=${today}`);
      await reached;
      // the rounds are there, the pull has not ended: nothing registered yet
      await page
        .getByRole('link', { name: /Quellen Kaunertal/ })
        .first()
        .waitFor();
      const registered = () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
      expect(await registered()).toBe(false);
      pullLast();
      await waitForServiceWorker(page);
      expect(await registered()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('claims a page that was loaded past the service worker (a hard reload), so that it keeps working offline', async () => {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto(`${env.server().url}/?date=${today}`);
      await waitForServiceWorker(page);
      // Ctrl+Shift+R: the document comes from the network and no worker controls it; the worker is active and
      // claimed its clients long before, so nothing claims this one unless the page asks
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.reload', { ignoreCache: true });
      await page.waitForFunction(() => document.readyState === 'complete');
      await page
        .getByRole('link', { name: /Quellen Kaunertal/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});
