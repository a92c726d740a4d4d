import { testToday } from '../support/dates';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeasureRound } from '../../schemas/api';
import { ANDROID_PHONE, api, openTable, serverAndBrowser, submitRound, watchErrors, type TestServer } from './harness';
import { formatDe, isPlainNumeric, pickNumericEntries, usualValue } from './rounds';

const today = testToday();

/** Every print… and post… flag the non-default way (docs/locale-settings-and-unsent-rounds.md). */
const FLAGS = {
  printBeforeSave: true,
  printAfterSave: true,
  printArchivePdf: false,
  printMeteoMonth: false,
  postImages: false,
  postStationTasks: false,
  postStationFacilities: false,
};

const setFlags = (server: TestServer) =>
  server.db.query(`update reference_data set data = data || $1::jsonb where key = 'config'`, [JSON.stringify(FLAGS)]);

/** window.print counts instead of opening a dialog (headless Chromium has none to close). */
async function countPrints(context: BrowserContext): Promise<(page: Page) => Promise<number>> {
  await context.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void (w.printed += 1);
  });
  return (page) => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** /config shows the server's printBeforeSave once the config with the flags is on the device. */
async function waitForFlags(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.url}/config`);
  const box = page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' });
  await expect.poll(() => box.isChecked(), { timeout: 30_000 }).toBe(true);
}

describe('print* and post* flags of the config', () => {
  const env = serverAndBrowser('e2e-config-flags-');

  it('table, archive and meteo: no photo, task, facility, PDF or month print controls; a stored photo is still sent; the device’s print setting wins; prints after saving', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('one entry expected');
    // before the operator switches photos off, a photo is taken and stays unsent on the device
    const { context, page, errors } = await openTable(env.browser(), server, round.mrName);
    const printed = await countPrints(context);
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 20 });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#557799' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(`Foto hinzufügen: ${p.label}`)
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    const stored = page.getByRole('img', { name: `Foto von ${p.entry.staNumber} ${p.entry.tsParameter}` });
    await stored.waitFor({ timeout: 20_000 });

    await setFlags(server);
    // printBeforeSave comes from the server until the device says otherwise
    await waitForFlags(page, server);
    const source = page.getByTestId('print-before-save-source');
    expect(await source.textContent()).toBe('Aus der Konfiguration des Servers.');
    await page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' }).uncheck();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByTestId('settings-notice').waitFor();
    expect(await source.textContent()).toBe('Auf diesem Gerät eingestellt.');

    await page.goto(`${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`);
    await stored.waitFor({ timeout: 30_000 });
    // postImages: no photo control, the stored photo still shown; post* station editors: only duplicating is left
    expect(await page.getByLabel(/^Foto hinzufügen/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /duplizieren$/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /Aufgaben? bei / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Anlagen? bei / }).count()).toBe(0);

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    // not before (this device switched it off), once after the server confirmed
    await expect.poll(() => printed(page), { timeout: 10_000 }).toBe(1);
    // the photo taken before the switch is sent all the same (never dropped)
    await expect
      .poll(async () => (await server.db.query('select image_id from image')).length, { timeout: 20_000 })
      .toBe(1);

    // printArchivePdf: the archive's list and round page offer no PDF
    await page.getByRole('link', { name: 'Archiv' }).click();
    const row = page.getByRole('row', { name: new RegExp(round.mrName) }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'PDF', exact: true }).count()).toBe(0);
    await row.getByRole('link', { name: round.mrName }).click();
    await page.getByTestId('round-state').waitFor();
    expect(await page.getByRole('button', { name: 'PDF', exact: true }).count()).toBe(0);

    // printMeteoMonth: the month can be transferred but not printed
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: /Meteo Kaunertal/ }).click();
    await page.getByTestId('meteo-transfer').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Monat drucken' }).count()).toBe(0);
    expect(await page.getByTestId('meteo-print').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tour on a phone: no task, facility or photo controls, the photo screen says why; prints before and after saving', async () => {
    const server = env.server();
    const springs = await api<MeasureRound>(server, '/measure-round/2');
    const entry = springs.entries.find(isPlainNumeric);
    if (!entry) throw new Error('a numeric entry expected');
    const label = `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`;
    const context = await env.browser().newContext(ANDROID_PHONE);
    const printed = await countPrints(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await waitForFlags(page, server);
    await page.getByRole('radio', { name: /^Außendienst/ }).check();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByTestId('settings-notice').waitFor();
    // only the mode is this device's: print before saving still follows the server
    expect(await page.getByTestId('print-before-save-source').textContent()).toBe('Aus der Konfiguration des Servers.');

    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('button', { name: `${springs.mrName} offline nehmen` }).click();
    const dialog = page.getByTestId('store-tour-dialog');
    await dialog.getByLabel('Team').pressSequentially('Team Süd', { delay: 20 });
    await dialog.getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    await page.locator(`li[data-station="${entry.staNumber}"] button`).first().click();
    await expect.poll(() => page.getByTestId('station-title').textContent()).toContain(entry.staName);
    const input = page.getByRole('textbox', { name: label, exact: true });
    await input.pressSequentially(formatDe(usualValue(entry, 0)), { delay: 20 });
    await page.locator(`[data-tsid="${entry.tsId}"] input[data-saved="true"]`).first().waitFor({ timeout: 10_000 });
    expect(await page.getByLabel(/^Foto hinzufügen/).count()).toBe(0);
    expect(await page.getByText('Stationsaufgaben', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Stationseinrichtungen', { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Fotos', exact: true }).click();
    await page.getByTestId('photos-off').waitFor();
    expect(await page.getByLabel(/^Foto hinzufügen/).count()).toBe(0);
    // every tab label fits its seventh of a 390 px phone ("Stationsdaten" breaks at its soft hyphen)
    await page.getByRole('link', { name: 'Stationsdaten', exact: true }).waitFor();
    const overflowing = await page.locator('a[data-tab]').evaluateAll(
      (links) =>
        links.filter((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          return range.getBoundingClientRect().width > a.getBoundingClientRect().width;
        }).length,
    );
    expect(overflowing).toBe(0);

    await page.getByRole('link', { name: 'Übersicht', exact: true }).click();
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    // the server's printBeforeSave, then printAfterSave
    await expect.poll(() => printed(page), { timeout: 10_000 }).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
