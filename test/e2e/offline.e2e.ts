import { calendarDateOf, testToday } from '../support/dates';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import {
  api,
  countRoundPosts,
  launchBrowser,
  launchProfile,
  startTestServer,
  submitRound,
  tempDir,
  type TestServer,
  waitForServiceWorker,
} from './harness';
import { formatDe, pickNumericEntries } from './rounds';

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

describe('a device that never loaded the rounds', () => {
  const data = tempDir('e2e-offline-first-data-');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(data.path);
  });
  afterAll(async () => {
    await server?.close();
    data.remove();
  });

  it('says "loading" while the first pull runs, and offline says to connect instead of loading for good', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ locale: 'de-DE' });
      // the first pull never answers: the app was opened once and closed before its rounds came
      await context.route(/\/hwe-api\/v2\/(sync-state|measure-rounds?)\b/, () => undefined);
      const page = await context.newPage();
      await page.goto(`${server.url}/?date=${today}`);
      const loading = page.getByText('Die Messrunden werden vom Server geladen…');
      await loading.waitFor({ timeout: 30_000 });
      await waitForServiceWorker(page);

      // offline the app does not try to pull, so nothing would ever end the "loading"
      await context.setOffline(true);
      await page.reload();
      await page.getByText(/Auf diesem Gerät sind noch keine Messrunden gespeichert\. Verbinden Sie sich/).waitFor();
      expect(await loading.count()).toBe(0);
      // a round's address says it is not on this device, not that it is loading
      await page.goto(`${server.url}/stations/Quellen%20Kaunertal/${today}`);
      await page.getByText('Die Gruppe mit dem Namen Quellen Kaunertal wurde nicht gefunden.').waitFor();
      expect(await loading.count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
