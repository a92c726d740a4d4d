import { testToday } from '../support/dates';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { api, holdHelpPage, serverAndBrowser, submitRound, watchErrors } from './harness';
import { pickNumericEntries } from './rounds';

const today = testToday();

describe('settings on this device (/config)', () => {
  const env = serverAndBrowser('e2e-settings-');

  it('warns before leaving with unsaved changes, saves a default time that the table and the submission use, and resets', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/config`);
    const time = page.getByLabel('Standard-Uhrzeit einer Ablesung');
    await time.waitFor();
    expect(await time.inputValue()).toBe('12:00');
    // both modes are offered, the server's (indoor) chosen
    expect(await page.getByRole('radio').count()).toBe(2);
    expect(await page.getByRole('radio', { name: 'Innendienst (Büro, online): Tabelle' }).isChecked()).toBe(true);

    // a 24-hour text field, whatever the browser's locale: 0730 becomes 07:30 when leaving it
    await time.click();
    await page.keyboard.press('Control+A');
    await time.pressSequentially('0730', { delay: 20 });
    await page.keyboard.press('Tab');
    await expect.poll(() => time.inputValue()).toBe('07:30');
    await page.getByTestId('settings-unsaved').waitFor();

    // leaving asks first; "stay" keeps the page and the typed time
    await page.getByRole('link', { name: 'Hilfe' }).click();
    const leave = page.getByRole('dialog', { name: 'Ohne Speichern verlassen?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Bleiben' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/config');
    expect(await time.inputValue()).toBe('07:30');

    // a reload or closing the tab gets the browser's own prompt
    const dialogType = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await dialogType).toBe('beforeunload');

    // leaving without saving drops the change
    await page.getByRole('link', { name: 'Hilfe' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect.poll(() => time.inputValue()).toBe('12:00');

    // saved, it applies: no warning on leaving, the table shows it and the submission carries it
    await time.click();
    await page.keyboard.press('Control+A');
    await time.pressSequentially('7.30', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('settings-notice').waitFor();
    await expect.poll(() => page.getByTestId('settings-unsaved').count()).toBe(0);
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(round.mrName)}/${today}`);
    const rowTime = page.getByLabel(`${p.label} Uhrzeit`);
    await expect.poll(() => rowTime.inputValue(), { timeout: 20_000 }).toBe('07:30');
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially('7', { delay: 20 });
    await page.locator('input[data-saved="true"]').first().waitFor({ timeout: 10_000 });
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const { values } = await api<HistoricValueList>(
      env.server(),
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}&remarks=true`,
    );
    const at = DateTime.fromISO(`${today}T07:30`, { zone: 'Europe/Vienna' }).toMillis();
    expect(values.filter((v) => v.value === 7 && new Date(v.dt).getTime() === at)).toHaveLength(1);

    // reset brings back the server's defaults
    await page.goto(`${env.server().url}/config`);
    await expect.poll(() => time.inputValue()).toBe('07:30');
    expect(await page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Auf Standardwerte zurücksetzen' }).click();
    await expect.poll(() => page.getByTestId('settings-notice').textContent()).toContain('zurückgesetzt');
    await expect.poll(() => time.inputValue()).toBe('12:00');
    expect(await page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' }).isChecked()).toBe(false);
    await page.reload();
    await expect.poll(() => time.inputValue()).toBe('12:00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a link taken while the page left without saving is still drawn, and shows the form as stored', async () => {
    // the help page's code is held, so its navigation is still pending when the settings link is followed (a slow
    // phone): the form, still drawn, blocked that link, and it was lost once the form went away
    const context = await env.browser().newContext({ locale: 'de-DE', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const help = await holdHelpPage(page);
    await page.goto(`${env.server().url}/config`);
    const time = page.getByLabel('Standard-Uhrzeit einer Ablesung');
    await time.click();
    await page.keyboard.press('Control+A');
    await time.pressSequentially('0645', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.getByTestId('settings-unsaved').waitFor();
    const leave = page.getByRole('dialog', { name: 'Ohne Speichern verlassen?' });
    await page.getByRole('link', { name: 'Hilfe' }).click();
    await leave.getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/config');
    expect(await leave.count()).toBe(0);
    help.release();
    // the form was never left, but what was typed went with "leave without saving", as after any other leave
    await expect.poll(() => time.inputValue()).toBe('12:00');
    expect(await page.getByTestId('settings-unsaved').count()).toBe(0);
    // and a change made now asks again before the form is left
    await time.click();
    await page.keyboard.press('Control+A');
    await time.pressSequentially('0645', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.getByRole('link', { name: 'Archiv' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Bleiben' }).click();
    expect(new URL(page.url()).pathname).toBe('/config');
    expect(errors).toEqual([]);
    await context.close();
  });
});
