import { calendarDateOf, testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, openTable, serverAndBrowser, submitRound } from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { testEndpoint } from '../../server/http/faults';

const today = testToday();

describe('support panel (/debug)', () => {
  const env = serverAndBrowser('e2e-debug-');

  it('shows a submission answered 500 twice with its tries and statuses, and its retry succeeds once the server recovers', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page, errors } = await openTable(env.browser(), server, round.mrName);
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 20 });
    await page.locator('input[data-saved="true"]').waitFor();
    await testEndpoint(server, 'faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 500, times: 2 }),
    });
    await submitRound(page);
    await page.getByTestId('submit-error').waitFor({ timeout: 30_000 });

    await page.goto(`${server.url}/debug`);
    await page.getByRole('heading', { name: 'Support: Daten auf diesem Gerät' }).waitFor();
    const attempts = page.getByTestId('debug-attempt');
    await expect.poll(() => attempts.count()).toBe(2);
    expect(await attempts.nth(0).textContent()).toContain('500');
    expect(await attempts.nth(1).textContent()).toContain('500');
    // the page is new: its tab is elected leader once the page it replaced has resigned (at its pagehide)
    await expect.poll(() => page.getByTestId('debug-leader').textContent(), { timeout: 15_000 }).toContain('Leader');
    await expect.poll(() => page.getByTestId('debug-count-drafts').textContent()).toBe('1');

    await page.getByTestId('debug-submission').getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect.poll(() => page.getByTestId('debug-submission').count(), { timeout: 30_000 }).toBe(0);
    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
    );
    expect(values.filter((v) => calendarDateOf(v.dt) === today && v.value === p.good)).toHaveLength(1);

    // the document browser finds the typed value
    await page.getByRole('button', { name: /Eingegebene Werte/ }).click();
    await page.getByLabel('Suchen in drafts').pressSequentially(p.entry.tsId, { delay: 10 });
    await expect
      .poll(() => page.getByRole('list', { name: 'Dokumente von drafts' }).getByRole('listitem').count())
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
