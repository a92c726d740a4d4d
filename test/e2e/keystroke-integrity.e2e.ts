import { calendarDateOf, testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, openTable, serverAndBrowser, submitRound } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

/**
 * typing over existing values fast, on a slow CPU, must store exactly what was typed. A late
 * database emission once overwrote characters typed meanwhile (`1600,25` became `16,25`).
 */
describe('keystroke integrity on the table', () => {
  const env = serverAndBrowser('e2e-keystrokes-');

  it('stores, shows after a reload and sends exactly what was typed at 10 ms a key with the CPU slowed 6×', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 10);
    const { context, page, errors } = await openTable(env.browser(), env.server(), round.mrName);
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });

    // existing values first, as an office user finds them when correcting a round
    for (const p of picked) {
      await field(p.label).click();
      await field(p.label).pressSequentially(formatDe(Math.round(p.good)), { delay: 15 });
    }
    for (const p of picked)
      await expect.poll(() => field(p.label).getAttribute('data-saved'), { timeout: 15_000 }).toBe('true');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const typed = picked.map((p, i) => ({ ...p, text: formatDe(Math.round((p.good + i * 0.01 + 0.25) * 100) / 100) }));
    for (const p of typed) {
      await field(p.label).click();
      await page.keyboard.press('Control+A');
      await field(p.label).pressSequentially(p.text, { delay: 10 });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    for (const p of typed) {
      await expect.poll(() => field(p.label).getAttribute('data-saved'), { timeout: 15_000 }).toBe('true');
      expect(await field(p.label).inputValue(), p.label).toBe(p.text);
    }

    // what IndexedDB holds is what the table shows after a reload
    await page.reload();
    for (const p of typed) await expect.poll(() => field(p.label).inputValue(), { timeout: 15_000 }).toBe(p.text);

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const ids = typed.map((p) => `tsId=${encodeURIComponent(p.entry.tsId)}`).join('&');
    const { values } = await api<HistoricValueList>(env.server(), `/timeseries-values?${ids}&remarks=true`);
    for (const p of typed) {
      const sent = values.filter((v) => v.tsId === p.entry.tsId && calendarDateOf(v.dt) === today);
      expect(
        sent.map((v) => v.value),
        p.label,
      ).toEqual([Number(p.text.replace(',', '.'))]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
