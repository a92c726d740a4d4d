import { calendarDateOf, testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, countRoundPosts, openTable, serverAndBrowser, submitRound, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

describe('tabular input against the real server', () => {
  const env = serverAndBrowser('e2e-skeleton-');

  it('sends three entered values that the server then returns as timeseries values', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 3);
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/?date=${today}`);
    await page.getByRole('link', { name: new RegExp(round.mrName) }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('/stations/');
    // keyboard flow of an office user: type, Enter, type the next reading
    await page.getByRole('textbox', { name: picked[0]?.label, exact: true }).focus();
    for (const p of picked) {
      await page.keyboard.type(formatDe(p.good));
      await page.keyboard.press('Enter');
    }
    for (const p of picked)
      expect(await page.getByRole('textbox', { name: p.label, exact: true }).inputValue()).toBe(formatDe(p.good));
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor();
    expect(await page.getByTestId('submit-success').textContent()).toContain('3');

    const ids = picked.map((p) => `tsId=${encodeURIComponent(p.entry.tsId)}`).join('&');
    const { values } = await api<HistoricValueList>(env.server(), `/timeseries-values?${ids}&remarks=true`);
    for (const p of picked) {
      const mine = values.filter(
        (v) => v.tsId === p.entry.tsId && calendarDateOf(v.dt) === today && v.value === p.good,
      );
      expect(mine, p.label).toHaveLength(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the message next to a bad value and does not send it', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    const input = page.getByRole('textbox', { name: p.label, exact: true });
    await input.fill('12abc');
    await expect.poll(() => input.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    await expect
      .poll(() => page.getByText('Geben Sie eine Zahl, einen Strich oder nichts ein.').count(), { timeout: 10_000 })
      .toBe(1);
    const postsBefore = await countRoundPosts(env.server());
    await submitRound(page);
    await page.getByTestId('submit-problems').waitFor();
    expect(await page.getByTestId('submit-problems').textContent()).toContain(p.entry.staName);
    expect(await countRoundPosts(env.server())).toBe(postsBefore);
    await context.close();
  });

  it('reports a missing time naming station name, number and parameter', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName, { locale: 'en-GB' });
    await page.locator('#locale-select').selectOption('en');
    await page.getByRole('textbox', { name: p.label, exact: true }).fill(formatDe(p.good));
    await page.getByLabel(`${p.label} time`).fill('');
    await submitRound(page, 'Submit');
    const problems = page.getByTestId('submit-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain(
      `Date/time missing: ${p.entry.staName} (${p.entry.staNumber}), ${p.entry.tsParameter}`,
    );
    await context.close();
  });
});
