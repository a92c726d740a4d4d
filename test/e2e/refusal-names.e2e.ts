import { testDaysAgo } from '../support/dates';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { field, typeTwoValuesAtOneTime } from './duplicate-time';
import { serverAndBrowser, submitRound, watchErrors } from './harness';

const DAM = 'Talsperre Gepatsch Kontrollgang';

/** A refusal said away from the table (toast, support panel) names the station and series, as the table does. */
describe('refusals name their station and series everywhere', () => {
  const env = serverAndBrowser('e2e-refusal-names-');
  it('a duplicate time refused after the user left the table: the toast and support name the series, the table marks the time', async () => {
    // yesterday: 12:00 of today may still lie ahead, and the device would refuse that itself
    const date = testDaysAgo(1);
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(DAM)}/${date}`);
    await page.getByRole('button', { name: 'Absenden', exact: true }).waitFor();
    await typeTwoValuesAtOneTime(page);
    const copyTime = field(page, 'Lot L1 2201 DX Kopie 1 Uhrzeit');

    // sent while the user is elsewhere: queued offline, then the connection returns on the group selection
    await context.setOffline(true);
    await submitRound(page);
    await expect.poll(() => page.getByTestId('sync-state').getAttribute('data-state')).toBe('queued');
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.setOffline(false);

    const toast = page.getByTestId('submission-toast-error');
    await toast.waitFor({ timeout: 30_000 });
    const day = DateTime.fromISO(date).toFormat('dd.MM.yyyy');
    const sentence = `Zwei Werte dieser Zeitreihe haben dieselbe Zeit: ${day} 12:00.`;
    await expect.poll(() => toast.textContent()).toContain(`Lot L1 (2201), DX: ${sentence}`);
    expect(await toast.textContent()).not.toContain('2201-DX');

    // the round from the toast: the time of both rows of the series is marked, not their values
    await toast.getByRole('link', { name: 'Messrunde öffnen' }).click();
    await copyTime.waitFor();
    for (const label of ['Lot L1 2201 DX', 'Lot L1 2201 DX Kopie 1']) {
      const time = field(page, `${label} Uhrzeit`);
      await expect.poll(() => time.getAttribute('aria-invalid')).toBe('true');
      expect(await field(page, label).getAttribute('aria-invalid')).toBeNull();
      // the refusal is the time field's description
      const described = (await time.getAttribute('aria-describedby')) ?? '';
      expect(described).not.toBe('');
      expect(await page.locator(`[id="${described}"]`).getByTestId('refused-value').textContent()).toBe(sentence);
    }

    // support sees the name and the server's id of the series
    await page.goto(`${env.server().url}/debug`);
    const submission = page.getByTestId('debug-submission');
    await submission.waitFor({ timeout: 30_000 });
    await expect.poll(() => submission.textContent()).toContain(`Lot L1 (2201), DX (2201-DX): ${sentence}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
