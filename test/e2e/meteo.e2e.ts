import { testToday } from '../support/dates';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { formatDate } from '../../src/domain/locale-format';
import { pdfText } from '../support/server/pdf-text';
import { api, countRoundPosts, serverAndBrowser, watchErrors, waitForServiceWorker } from './harness';

const today = testToday();
// the previous month: every day of it lies in the past, so each can be entered
const month = DateTime.fromISO(today).minus({ months: 1 }).startOf('month');
const day = (n: number) => month.plus({ days: n - 1 }).toISODate() as string;
const label = (station: string, param: string, n: number) => `${station} ${param} ${formatDate(day(n), 'de')}`;

describe('meteo observer: a month of observations', () => {
  const env = serverAndBrowser('e2e-meteo-');

  it('enters days by keyboard, keeps them offline, prints the month, transfers it once and is read-only after', async () => {
    const server = env.server();
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    // the group selection opens a meteo round as its month list, not the table
    await page.getByRole('link', { name: /Meteo Kaunertal/ }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('/meteo/');
    expect(await page.getByTestId('navbar-heading').textContent()).toContain('Meteo-Beobachtungen');
    await page.getByRole('link', { name: 'Vorheriger Monat' }).click();
    await page.getByRole('textbox', { name: label('Feichten 4001', 'N', 1), exact: true }).waitFor();

    // an office user's keyboard flow: type, Enter to the next value (N, HS, HSN, LT of day 1, then day 2)
    await page.getByRole('textbox', { name: label('Feichten 4001', 'N', 1), exact: true }).focus();
    const typed = ['1,5', '20', '5', '-3,5', '0', '25', '6', '-1'];
    for (const text of typed) {
      await page.keyboard.type(text, { delay: 20 });
      await page.keyboard.press('Enter');
    }
    // Enter moved on to day 3; arrows move up and down the days of one parameter
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      label('Feichten 4001', 'N', 3),
    );
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      label('Feichten 4001', 'N', 2),
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      label('Feichten 4001', 'N', 4),
    );
    // the plausibility check of the table: 500 mm of precipitation is outside 0 … 150
    await page
      .getByRole('textbox', { name: label('Gepatschhaus 4002', 'N', 1), exact: true })
      .pressSequentially('500', { delay: 20 });
    await page.getByText('Unplausibel').first().waitFor();
    await page.getByRole('textbox', { name: label('Gepatschhaus 4002', 'N', 1), exact: true }).fill('50');
    await page
      .getByRole('textbox', { name: label('Feichten 4001', 'time', 2).replace(' time ', ' Uhrzeit '), exact: true })
      .pressSequentially('0730', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.locator('input[data-saved="true"]').nth(8).waitFor();
    // the month printout renders from what is stored: once it shows the time, every write is in IndexedDB
    await expect.poll(() => page.getByTestId('meteo-print').textContent(), { timeout: 10_000 }).toContain('07:30');

    // offline: a reload shows what was typed, from the device
    // the app itself comes from the service worker's precache once it controls the page
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    const n2 = page.getByRole('textbox', { name: label('Feichten 4001', 'N', 2), exact: true });
    await expect.poll(() => n2.inputValue(), { timeout: 20_000 }).toBe('0');
    expect(await page.getByRole('textbox', { name: label('Feichten 4001', 'LT', 1), exact: true }).inputValue()).toBe(
      '-3,5',
    );
    await context.setOffline(false);

    // the month printout: one A4 page with the values in German number format
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: false });
    await page.emulateMedia({ media: 'screen' });
    const text = await pdfText(new Uint8Array(pdf));
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain('Meteo-Beobachtungen Meteo Kaunertal');
    expect(text).toContain('Feichten 4001');
    expect(text).toContain('-3,5');
    expect(text).toContain('07:30');

    // transfer: the prompt says the month becomes read-only
    await page.getByRole('button', { name: 'Monat übertragen' }).click();
    const dialog = page.getByTestId('meteo-transfer-dialog');
    expect(await dialog.textContent()).toContain('schreibgeschützt');
    expect(await dialog.textContent()).toContain('9 Werte');
    await dialog.getByRole('button', { name: 'Übertragen' }).click();
    await page.getByTestId('meteo-sent').waitFor({ timeout: 30_000 });
    await page.getByTestId('meteo-read-only').waitFor();
    expect(await page.getByRole('textbox', { name: label('Feichten 4001', 'N', 1), exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Monat übertragen' }).count()).toBe(0);

    // on the server: each day its own value at its own time, exactly once
    const { values } = await api<HistoricValueList>(server, '/timeseries-values?tsId=4001-N&tsId=4001-LT&tsId=4002-N');
    // the demo history holds values of these series too: ours are the ones of this month's one submission
    const ours = values.filter((v) => v.dt >= day(1) && v.dt < day(32) && !!v.instanceId);
    expect(new Set(ours.map((v) => v.instanceId)).size).toBe(1);
    const at = (tsId: string, d: string) => ours.filter((v) => v.tsId === tsId && v.dt.startsWith(d));
    expect(at('4001-N', day(1)).map((v) => v.value)).toEqual([1.5]);
    expect(at('4001-N', day(2)).map((v) => v.value)).toEqual([0]);
    expect(at('4001-LT', day(1)).map((v) => v.value)).toEqual([-3.5]);
    expect(at('4002-N', day(1)).map((v) => v.value)).toEqual([50]);
    expect(
      DateTime.fromISO(at('4001-N', day(2))[0]?.dt ?? '')
        .setZone('Europe/Vienna')
        .toFormat('HH:mm'),
    ).toBe('07:30');
    expect(await countRoundPosts(server)).toBe(1);

    // still read-only after a reload
    await page.reload();
    await page.getByTestId('meteo-read-only').waitFor();
    // the instance shows before its drafts are read: wait for the value rather than read it once
    await expect
      .poll(() => page.getByRole('textbox', { name: label('Feichten 4001', 'N', 2), exact: true }).inputValue(), {
        timeout: 20_000,
      })
      .toBe('0');
    expect(await page.getByRole('textbox', { name: label('Feichten 4001', 'N', 2), exact: true }).isDisabled()).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the round has none of the configured meteo parameters', async () => {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${env.server().url}/meteo/${encodeURIComponent('Quellen Kaunertal')}/${today}`);
    await page.getByTestId('no-meteo-parameters').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('no-meteo-parameters').textContent()).toContain('Keine Meteo-Parameter');
    await context.close();
  });
});
