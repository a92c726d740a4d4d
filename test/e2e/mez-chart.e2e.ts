import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, serverAndBrowser, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

// A summer day: 08:00 MEZ (UTC+1, no summer time) is 07:00 UTC and 09:00 on the stations' wall clock (CEST).
const DAY = '2026-07-10';
const NOW = new Date(`${DAY}T10:00:00Z`);

/** The legend's value of the chart's series `label` (uPlot: one row per series, its value beside its label). */
const legendValue = (chart: Locator, label: string) =>
  chart
    .locator('.u-legend .u-series', { has: chart.page().locator('.u-label', { hasText: label }) })
    .locator('.u-value');

/**
 * Points at the open round's dot as a user does: moves the pointer across the plot until the legend shows the
 * open round's value (it sits at one x; the history's values have none of it). Resolves to the legend's time.
 */
async function pointAtOpenValue(page: Page, chart: Locator): Promise<string> {
  const plot = chart.locator('.u-over');
  await plot.waitFor({ timeout: 30_000 });
  const box = await plot.boundingBox();
  if (!box) throw new Error('no plot area');
  for (let x = 1; x < box.width; x += 2) {
    await page.mouse.move(box.x + x, box.y + box.height / 2);
    const value = (await legendValue(chart, 'Offene Runde').textContent())?.trim() ?? '';
    if (value !== '' && value !== '–') return (await legendValue(chart, 'Uhrzeit').textContent())?.trim() ?? '';
  }
  throw new Error('the open round has no point on the chart');
}

/**
 * §5 MEZ mode on the analysis chart (issue 29 item 5: the chart's open values were placed by the wall clock, an
 * hour off in summer): a value typed at 08:00 MEZ on a summer day is charted where the round sends it, and the
 * chart names its time as every other screen does, in MEZ.
 */
describe('the analysis chart in MEZ mode', () => {
  const env = serverAndBrowser('e2e-mez-chart-');

  it('shows an open value typed at 08:00 MEZ on a summer day at 08:00, as the table does', async () => {
    const server = env.server();
    await server.db.query(`update reference_data set data = data || '{"mez":true}'::jsonb where key = 'config'`);
    try {
      const { round, picked } = await pickNumericEntries(server, 1);
      const [p] = picked;
      if (!p) throw new Error('no entry');
      const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
      await context.clock.install({ time: NOW });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.url}/stations/${encodeURIComponent(round.mrName)}/${DAY}`);
      await page.getByTestId('mez-note').waitFor({ timeout: 60_000 });

      const value = page.getByRole('textbox', { name: p.label, exact: true });
      await value.pressSequentially(formatDe(p.good), { delay: 25 });
      const time = page.getByRole('textbox', { name: `${p.label} Uhrzeit`, exact: true });
      await time.selectText();
      await time.pressSequentially('0800', { delay: 25 });
      await time.press('Tab');
      await expect.poll(() => time.inputValue()).toBe('08:00');
      await expect.poll(() => value.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');

      await page.goto(`${server.url}/analysis/charts/${encodeURIComponent(round.mrName)}`);
      const chart = page.locator(`[data-testid="ts-chart"][data-ts-id="${p.entry.tsId}"]`);
      // the pointer crosses the plot once: the history the device pulls and the typed value all on it first
      const { values } = await api<HistoricValueList>(
        server,
        `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
      );
      const plotted = values.filter((v) => v.value !== null).length + 1;
      await expect.poll(() => chart.getAttribute('data-points'), { timeout: 30_000 }).toBe(String(plotted));
      expect(await page.getByTestId('mez-note').count()).toBeGreaterThan(0);
      // the point's time: 08:00 MEZ as typed (at 07:00 UTC); the wall clock's placement said 07:00, and a legend
      // on the wall clock would say 09:00
      const shown = await pointAtOpenValue(page, chart);
      expect(shown).toBe('10.07.26, 08:00');
      expect((await legendValue(chart, 'Offene Runde').textContent())?.trim()).toBe(formatDe(p.good));
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.db.query(`update reference_data set data = data - 'mez' where key = 'config'`);
    }
  });
});
