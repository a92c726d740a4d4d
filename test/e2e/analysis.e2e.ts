import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList, MeasureRound } from '../../schemas/api';
import { testToday } from '../support/dates';
import { api, serverAndBrowser, watchErrors, type TestServer } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/analysis-shots';

async function damRound(server: TestServer): Promise<MeasureRound> {
  const list = await api<{ mrId: string; mrName: string }[]>(server, '/measure-round');
  for (const s of list) {
    const round = await api<MeasureRound>(server, `/measure-round/${encodeURIComponent(s.mrId)}`);
    if (round.entries.some((e) => e.tsParameter === 'W') && round.entries.some((e) => e.tsParameter === 'FW'))
      return round;
  }
  throw new Error('no demo round with W and FW parameters');
}

/** Two remarks submitted yesterday: one the default filter (Datensammler|neu) finds, one it does not. */
async function postRemarks(server: TestServer, round: MeasureRound): Promise<void> {
  const [a, b] = round.entries.filter((e) => e.tsParameter === 'W');
  if (!a || !b) throw new Error('need two W entries');
  const dt = new Date(Date.now() - 86_400_000).toISOString();
  const body = {
    instanceId: randomUUID(),
    creationTime: new Date().toISOString(),
    entries: [
      {
        staNumber: a.staNumber,
        tsId: a.tsId,
        tsParameter: a.tsParameter,
        dt,
        value: a.tsPlausibilityCheck?.min ?? 1,
        tsRemark: { text: 'Datensammler getauscht' },
      },
      {
        staNumber: b.staNumber,
        tsId: b.tsId,
        tsParameter: b.tsParameter,
        dt,
        value: b.tsPlausibilityCheck?.min ?? 1,
        tsRemark: { text: 'Schacht gereinigt' },
      },
    ],
  };
  const res = await fetch(`${server.url}/hwe-api/v2/measure-round/${encodeURIComponent(round.mrId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`posting remarks: ${res.status} ${await res.text()}`);
}

describe('analysis screens against the real server', () => {
  const env = serverAndBrowser('e2e-analysis-');

  it('plots every historic value of a timeseries, inverts the axis for W, and filters remarks', async () => {
    const server = env.server();
    const round = await damRound(server);
    await postRemarks(server, round);
    const w = round.entries.find((e) => e.tsParameter === 'W');
    const fw = round.entries.find((e) => e.tsParameter === 'FW');
    if (!w || !fw) throw new Error('entries');
    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(w.tsId)}&remarks=true`,
    );
    const expected = values.filter((v) => v.value !== null).length;
    expect(expected).toBeGreaterThan(50);

    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/analysis/charts/${encodeURIComponent(round.mrName)}`);
    const wChart = page.locator(`[data-testid="ts-chart"][data-ts-id="${w.tsId}"]`);
    await expect.poll(() => wChart.getAttribute('data-points'), { timeout: 20_000 }).toBe(String(expected));
    expect(await wChart.getAttribute('data-inverted')).toBe('true');
    expect(await page.locator(`[data-testid="ts-chart"][data-ts-id="${fw.tsId}"]`).getAttribute('data-inverted')).toBe(
      'false',
    );
    // uPlot drew into a canvas (it is loaded on demand, not with the first screen)
    await wChart.locator('canvas').first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/charts-light.png` });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/charts-dark.png` });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // direct link with the logo hidden, two timeseries as path segments
    await page.goto(
      `${server.url}/timeseriesChartForStation/${encodeURIComponent(w.tsId)}/${encodeURIComponent(fw.tsId)}`,
    );
    await expect.poll(() => page.locator('[data-testid="ts-chart"]').count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(() => page.locator(`[data-testid="ts-chart"][data-ts-id="${w.tsId}"]`).getAttribute('data-points'), {
        timeout: 10_000,
      })
      .toBe(String(expected));

    // remark analysis: the default filter finds the data collector remark only
    await page.goto(`${server.url}/analysis/remarks/${encodeURIComponent(round.mrName)}`);
    const filter = page.getByLabel('Filter (regulärer Ausdruck)');
    expect(await filter.inputValue()).toBe('Datensammler|neu');
    const table = page.getByTestId('remark-table');
    await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('Datensammler getauscht');
    expect(await table.textContent()).not.toContain('Schacht gereinigt');
    await filter.fill('');
    await filter.pressSequentially('schacht|(', { delay: 20 });
    await expect
      .poll(() => page.getByTestId('remark-filter-error').textContent())
      .toContain('Ungültiger regulärer Ausdruck');
    expect(await filter.getAttribute('aria-invalid')).toBe('true');
    await filter.press('Backspace');
    await filter.press('Backspace');
    await expect.poll(() => page.getByTestId('remark-filter-error').textContent()).toBe('');
    await expect.poll(() => table.textContent()).toContain('Schacht gereinigt');
    expect(await table.textContent()).not.toContain('Datensammler getauscht');
    await page.screenshot({ path: `${SHOTS}/remarks-light.png` });

    // history table: sortable by keyboard, min/max/last marks
    await page.goto(`${server.url}/analysis/table/${encodeURIComponent(round.mrName)}`);
    const history = page.getByTestId('history-table');
    await history.waitFor({ timeout: 20_000 });
    expect(await history.locator('[data-mark="min"]').count()).toBeGreaterThan(0);
    expect(await history.locator('[data-mark="last"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Nach Wert sortieren' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Wert');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV exportieren' }).click();
    expect((await download).suggestedFilename()).toContain('.csv');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SHOTS}/table-dark.png` });

    // offline: loading history says so and cannot be started
    await page.goto(`${server.url}/loadTimeseriesValues`);
    await page.getByRole('heading', { name: 'Zeitreihenwerte laden' }).waitFor();
    await context.setOffline(true);
    await page.getByTestId('load-offline').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: /Zeitreihen laden$/ }).isDisabled()).toBe(true);
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the chart, its pan and the point under the pointer while a value typed in another tab arrives', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const charts = await context.newPage();
    const errors = watchErrors(charts);
    await charts.goto(`${server.url}/analysis/charts/${encodeURIComponent(round.mrName)}`);
    const chart = charts.locator(`[data-testid="ts-chart"][data-ts-id="${p.entry.tsId}"]`);
    const plot = chart.locator('.u-over');
    // the history the device pulls: every value of it on the chart before the user starts looking
    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
    );
    const before = values.filter((v) => v.value !== null).length;
    expect(before).toBeGreaterThan(2);
    await expect.poll(() => chart.getAttribute('data-points'), { timeout: 30_000 }).toBe(String(before));
    await plot.waitFor({ timeout: 30_000 });
    // the user pans back a step and points at the middle of the plot
    await chart.getByRole('button', { name: 'Früher' }).click();
    await plot.evaluate((el) => {
      el.dataset.pointedAt = 'yes';
    });
    const box = await plot.boundingBox();
    if (!box) throw new Error('no plot area');
    await charts.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const time = chart.locator('.u-legend .u-series', { has: charts.locator('.u-label', { hasText: 'Uhrzeit' }) });
    const pointed = (await time.locator('.u-value').textContent())?.trim();
    expect(pointed).toMatch(/\d\d:\d\d/);

    // a colleague's tab of the same device types a value of the open round
    const table = await context.newPage();
    await table.goto(`${server.url}/stations/${encodeURIComponent(round.mrName)}/${testToday()}`);
    const value = table.getByRole('textbox', { name: p.label, exact: true });
    await expect.poll(() => value.isEditable(), { timeout: 30_000 }).toBe(true);
    await value.pressSequentially(formatDe(p.good), { delay: 25 });
    await value.press('Tab');
    await expect.poll(() => value.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');

    // the chart takes the value in place: the same plot, the pan kept, the same point under the pointer
    await expect.poll(() => chart.getAttribute('data-points'), { timeout: 10_000 }).toBe(String(before + 1));
    expect(await chart.locator('.u-over[data-pointed-at="yes"]').count()).toBe(1);
    // the banner about unsent rounds may have moved the plot down: point at the middle of where it is now
    await charts.bringToFront();
    const now = await plot.boundingBox();
    if (!now) throw new Error('no plot area');
    await charts.mouse.move(now.x + now.width / 2, now.y + now.height / 2);
    expect((await time.locator('.u-value').textContent())?.trim()).toBe(pointed);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydro input shows the round of today without the meteo parameters', async () => {
    const server = env.server();
    const round = await damRound(server);
    const w = round.entries.find((e) => e.tsParameter === 'W');
    const lt = round.entries.find((e) => e.tsParameter === 'LT');
    if (!w || !lt) throw new Error('demo round needs W and LT entries');
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/hydro/${encodeURIComponent(round.mrName)}`);
    await page
      .getByRole('textbox', { name: `${w.staName} ${w.staNumber} W`, exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: `${lt.staName} ${lt.staNumber} LT`, exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads history for chosen timeseries in batches and reports progress', async () => {
    const server = env.server();
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/loadTimeseriesValues`);
    const button = page.getByRole('button', { name: /Zeitreihen laden$/ });
    await expect.poll(() => button.textContent(), { timeout: 20_000 }).not.toMatch(/^0 /);
    await button.click();
    await expect
      .poll(() => page.getByTestId('load-progress').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('done');
    expect(await page.getByTestId('load-progress').textContent()).toMatch(/\d+ Werte/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
