import { testToday } from '../support/dates';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors, type TestServer } from './harness';
import { testEndpoint } from '../../server/http/faults';

// "Refresh from server" when nothing changed asks the server one question and writes nothing,
// and the round list still says when the device last checked; after a change it pulls everything.
const env = serverAndBrowser('e2e-quiet-pull-');
const today = testToday();

type Logged = { method: string; path: string; status: number | string };
const requestLog = async (server: TestServer) =>
  (await testEndpoint(server, 'requests').then((r) => r.json())) as Logged[];

/** The request log once no API request was added for a second (the app's own pull at start is over). */
async function settled(server: TestServer): Promise<Logged[]> {
  let last = -1;
  for (;;) {
    const log = await requestLog(server);
    if (log.length === last) return log;
    last = log.length;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const lastChecked = (page: Page) =>
  page.evaluate(() =>
    Number(Object.entries(localStorage).find(([k]) => k.startsWith('hydrorounds:lastCheckedAt:'))?.[1] ?? 0),
  );

async function refresh(page: Page, server: TestServer): Promise<Logged[]> {
  const before = (await settled(server)).length;
  await page.getByRole('button', { name: 'Vom Server aktualisieren' }).click();
  await page.getByRole('button', { name: 'Wird geladen…' }).waitFor({ state: 'detached', timeout: 60_000 });
  return (await settled(server)).slice(before);
}

describe('a pull when nothing changed', () => {
  it('is one 304 from /sync-state, keeps "last updated" current, and a change pulls everything', async () => {
    const server = env.server();
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    await page
      .getByRole('link', { name: /Quellen Kaunertal/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const start = await settled(server);
    expect(start.some((r) => r.path.endsWith('/sync-state'))).toBe(true);
    const status = page.getByRole('status').filter({ hasText: 'Zuletzt aktualisiert' });
    await status.waitFor();
    const checkedBefore = await lastChecked(page);

    const quiet = await refresh(page, server);
    expect(quiet.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /hwe-api/v2/sync-state 304']);
    expect(await lastChecked(page)).toBeGreaterThan(checkedBefore);
    await status.waitFor();

    const dt = new Date().toISOString();
    const post = {
      instanceId: crypto.randomUUID(),
      creationTime: dt,
      entries: [{ staNumber: '3001', tsId: '3001-WT', dt, value: 6.5 }],
    };
    const res = await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(post),
    });
    expect(res.status).toBe(200);
    const changed = await refresh(page, server);
    expect(changed[0]).toMatchObject({ path: '/hwe-api/v2/sync-state', status: 200 });
    expect(changed.some((r) => r.path === '/hwe-api/v2/measure-round/2')).toBe(true);
    expect(changed.some((r) => r.path.startsWith('/hwe-api/v2/timeseries-values'))).toBe(true);

    // the token stored after that pull is current: the next refresh is quiet again
    expect((await refresh(page, server)).map((r) => r.status)).toEqual([304]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
