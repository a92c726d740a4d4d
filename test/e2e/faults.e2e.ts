import { calendarDateOf, testToday } from '../support/dates';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, countRoundPosts, openTable, serverAndBrowser, submitRound, type TestServer } from './harness';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';
import { testEndpoint } from '../../server/http/faults';
import { RETRY_DELAY_MS } from '../../replication/task-retry';

const today = testToday();

async function injectFaults(
  server: TestServer,
  fault: { method?: string; pathPattern: string; status: number | 'drop'; times: number },
) {
  const res = await testEndpoint(server, 'faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!res.ok) throw new Error(`fault injection refused: ${res.status}`);
}

async function storedCopies(server: TestServer, picked: PickedEntry[]): Promise<number[]> {
  const ids = picked.map((p) => `tsId=${encodeURIComponent(p.entry.tsId)}`).join('&');
  const { values } = await api<HistoricValueList>(server, `/timeseries-values?${ids}`);
  return picked.map(
    (p) => values.filter((v) => v.tsId === p.entry.tsId && calendarDateOf(v.dt) === today && v.value === p.good).length,
  );
}

describe('submission under server faults', () => {
  const env = serverAndBrowser('e2e-faults-');
  let context: BrowserContext;
  let page: Page;

  async function enterValues(count: number, offset: number) {
    const { round, picked } = await pickNumericEntries(env.server(), count + offset);
    const mine = picked.slice(offset).map((p) => ({ ...p, good: Math.round((p.good + offset * 0.01) * 100) / 100 }));
    // the page's clock runs as the real one, and the retry delay (§4, 5 s) can be passed at once
    ({ context, page } = await openTable(env.browser(), env.server(), round.mrName, undefined, (c) =>
      c.clock.install(),
    ));
    for (const p of mine) await page.getByRole('textbox', { name: p.label, exact: true }).fill(formatDe(p.good));
    await expect
      .poll(() => page.getByTestId('sync-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('draft');
    return mine;
  }

  it('retries a 500 once after 5 s and stores each value exactly once', async () => {
    const picked = await enterValues(2, 0);
    const postsBefore = await countRoundPosts(env.server());
    await injectFaults(env.server(), { method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 500, times: 1 });
    await submitRound(page);
    // the second try: still 'sending' in the lifecycle, with the retry announced, after the delay
    await page.getByTestId('submit-retrying').waitFor({ timeout: 15_000 });
    expect(await countRoundPosts(env.server())).toBe(postsBefore + 1);
    await page.clock.fastForward(RETRY_DELAY_MS);
    await page.getByTestId('submit-success').waitFor({ timeout: 20_000 });
    // the failed post and its retry (the browser may add its own retry of a reset connection; the server dedupes)
    expect(await countRoundPosts(env.server())).toBeGreaterThanOrEqual(postsBefore + 2);
    expect(await storedCopies(env.server(), picked)).toEqual([1, 1]);
    await context.close();
  });

  it('shows the error after two 500s, keeps the data and succeeds on a manual retry', async () => {
    const picked = await enterValues(2, 2);
    await injectFaults(env.server(), { method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 500, times: 2 });
    await submitRound(page);
    await page.getByTestId('submit-retrying').waitFor({ timeout: 15_000 });
    await page.clock.fastForward(RETRY_DELAY_MS);
    await page.getByTestId('submit-error').waitFor({ timeout: 20_000 });
    expect(await storedCopies(env.server(), picked)).toEqual([0, 0]);
    for (const p of picked)
      expect(await page.getByRole('textbox', { name: p.label, exact: true }).inputValue()).toBe(formatDe(p.good));
    await page.reload();
    await page.getByTestId('submit-error').waitFor();
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 20_000 });
    expect(await storedCopies(env.server(), picked)).toEqual([1, 1]);
    await context.close();
  });

  it('re-sends after the connection dropped without an answer and the server keeps one copy', async () => {
    const picked = await enterValues(1, 4);
    await injectFaults(env.server(), {
      method: 'POST',
      pathPattern: '/measure-round/[^/]+$',
      status: 'drop',
      times: 1,
    });
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 20_000 });
    expect(await storedCopies(env.server(), picked)).toEqual([1]);
    await context.close();
  });
});
