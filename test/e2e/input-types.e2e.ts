import { calendarDateOf, testToday } from '../support/dates';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompletedMeasureRound, HistoricValueList } from '../../schemas/api';
import { DEMO_METERS } from '../../server/db/seed';
import { meterDischarge } from '../../src/domain';
import { api, serverAndBrowser, submitRound, watchErrors, type TestServer } from './harness';
import { EDITABLE_VALUE, gotoTable, sharedDevice } from './visits';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/input-types-shots';
const today = testToday();
const type = (page: Page, name: string, text: string) =>
  page.getByRole('textbox', { name, exact: true }).pressSequentially(text, { delay: 20 });

async function submit(page: Page, server: TestServer, mrName: string): Promise<CompletedMeasureRound> {
  const before = new Set(
    (await api<CompletedMeasureRound[]>(server, '/completed-measure-round')).map((r) => r.instanceId),
  );
  await submitRound(page);
  await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
  const list = await api<CompletedMeasureRound[]>(server, '/completed-measure-round');
  const mine = list.find((r) => r.mrName === mrName && !before.has(r.instanceId));
  if (!mine) throw new Error(`no new submission of ${mrName}`);
  return api<CompletedMeasureRound>(server, `/completed-measure-round/${mine.instanceId}`);
}

const entryOf = (round: CompletedMeasureRound, tsId: string) => {
  const found = round.entries.find((e) => e.tsId === tsId);
  if (!found) throw new Error(`${tsId} was not posted`);
  return found;
};

describe('every input type of §4, end to end to the server', () => {
  const env = serverAndBrowser('e2e-input-types-');
  mkdirSync(SHOTS, { recursive: true });
  // One device for the tests that each send another round: a first visit is paid once, each table is then a
  // reload-sized load. A round sent is shown as sent when opened again, so no two of these send the same round.
  const device = sharedDevice(env.browser);
  async function openRound(mrName: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await device();
    await gotoTable(page, env.server(), mrName);
    return { page, errors };
  }

  it('takes incident and yes/no choices by key, a formula live, discharge by volume/time and by estimate', async () => {
    const mrName = 'Talsperre Gepatsch Kontrollgang';
    const { page, errors } = await openRound(mrName);
    await page.setViewportSize({ width: 1280, height: 800 });

    // NO_STEADY_INCIDENT: keys 0/1/2 on the focused choice; the remark opens only for an incident
    const incident = page.getByRole('radiogroup', { name: 'Kontrollgang Nord 2103 ZU', exact: true });
    const remark = page.getByRole('combobox', { name: 'Kontrollgang Nord 2103 ZU Bemerkung', exact: true });
    expect(await remark.isDisabled()).toBe(true);
    // Enter from the reading before reaches the choice, like any value input
    await page.getByRole('textbox', { name: 'Drainage Block 7 2102 Q', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await incident.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('2');
    await expect
      .poll(() => incident.getByRole('radio', { name: /Ereignis/ }).getAttribute('aria-checked'))
      .toBe('true');
    await expect.poll(() => page.getByText('Ereignis gemeldet').count()).toBeGreaterThan(0);
    await page.keyboard.press('1');
    await expect
      .poll(() => incident.getByRole('radio', { name: /unverändert/ }).getAttribute('aria-checked'))
      .toBe('true');
    await expect.poll(() => remark.isDisabled()).toBe(true);
    await page.keyboard.press('2');
    await expect.poll(() => remark.isDisabled()).toBe(false);
    await remark.pressSequentially('Riss bei Fuge 7', { delay: 20 });

    // NO_YES: two choices, never implausible; Enter moves on from the incident choice
    const yesNo = page.getByRole('radiogroup', { name: 'Kontrollgang Nord 2103 TR', exact: true });
    await incident.getByRole('radio', { name: /Ereignis/ }).focus();
    await page.keyboard.press('Enter');
    expect(await yesNo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await yesNo.getByRole('radio', { name: /ja/ }).click();
    await expect.poll(() => yesNo.getByRole('radio', { name: /ja/ }).getAttribute('aria-checked')).toBe('true');

    // NO_IMPORT_NUMBER and FORMULA: the freeboard follows the lake level typed by hand
    expect(await page.getByText('Keine Importnummer definiert').count()).toBe(1);
    const calculated = page
      .getByRole('status', { name: 'Stauziel 2105 H berechneter Wert' })
      .or(page.getByLabel('Stauziel 2105 H berechneter Wert'));
    expect(await page.getByText('1767 - 2106-null').count()).toBe(1);
    expect((await calculated.textContent())?.trim()).toBe('–');
    await type(page, 'Pegel Stausee (Handablesung) 2106 W', '1750,5');
    // computed values follow the keystroke's write: on a loaded machine that takes longer than expect.poll's 1 s
    await expect.poll(async () => (await calculated.textContent())?.trim(), { timeout: 10_000 }).toBe('16,5');

    // DISCHARGE l/s: volume/time with the default volume, the mean in l/s rounded to 3 decimals, a protocol
    const opener = page.getByRole('button', { name: 'Sickerwassermessung Talsohle 2101 Q Abflussmessung' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Abflussmessung' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Volumen/Zeit' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Messung 1 Volumen' }).inputValue()).toBe('10');
    for (const [i, time] of ['4', '5', '5'].entries()) await type(page, `Messung ${i + 1} Zeit`, time);
    await expect
      .poll(async () => (await dialog.getByLabel('Abfluss Ergebnis').textContent())?.trim(), { timeout: 10_000 })
      .toBe('2,167 l/s');
    await type(page, 'Pegel', '12,5');
    await page.screenshot({ path: `${SHOTS}/discharge-desktop-light.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Sickerwassermessung Talsohle 2101 Q', exact: true }).inputValue())
      .toBe('2,167');

    // DISCHARGE l/min: an estimate, converted with the factor 60
    await page.getByRole('button', { name: 'Drainage Block 7 2102 Q Abflussmessung' }).click();
    const dialog2 = page.getByRole('dialog', { name: 'Abflussmessung' });
    await dialog2.getByRole('radio', { name: 'Schätzung' }).click();
    await dialog2.getByRole('radio', { name: /tropfend/ }).click();
    await expect
      .poll(async () => (await dialog2.getByLabel('Abfluss Ergebnis').textContent())?.trim(), { timeout: 10_000 })
      .toBe('0,012 l/min');
    await dialog2.getByRole('button', { name: 'Fertig' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Drainage Block 7 2102 Q', exact: true }).inputValue())
      .toBe('0,012');

    const stored = await submit(page, env.server(), mrName);
    expect(entryOf(stored, '2103-VB1')).toMatchObject({ value: 2, tsRemark: { text: 'Riss bei Fuge 7' } });
    expect(entryOf(stored, '2103-TR')).toMatchObject({ value: 1 });
    expect(entryOf(stored, '2106-null')).toMatchObject({ value: 1750.5 });
    expect(entryOf(stored, '2105-H')).toMatchObject({ calculatedValue: 16.5 });
    const q = entryOf(stored, '2101-Q');
    expect(q).toMatchObject({
      value: 2.167,
      dischargeValue: {
        key: 'VOLUME_TIME',
        aggregationMethod: 'MEAN',
        value: 2.167,
        unit: 'l/s',
        volumetricMeasurements: [
          { volume: 10, time: 4 },
          { volume: 10, time: 5 },
          { volume: 10, time: 5 },
        ],
      },
      dischargeProtocol: { gauge: 12.5, gaugeUnit: 'cm', discharge: 2.167, dischargeUnit: 'l/s' },
    });
    expect(q.dischargeProtocol?.dt).toBe(q.dt);
    expect(entryOf(stored, '2102-Q')).toMatchObject({
      value: 0.012,
      dischargeValue: { key: 'ESTIMATE', estimate: 'Droplets', value: 0.012, unit: 'l/min' },
    });
    expect(errors).toEqual([]);
  });

  // one round sent with both: the lake station's depth profile and value after, the spring's current meter
  it('stores a depth profile and a value after on the lake station, and a current-meter discharge in l/min', async () => {
    const mrName = 'Quellen Kaunertal';
    const { page, errors } = await openRound(mrName);
    await type(page, 'Gepatschspeicher Messfloß 3007 W', '1755,2');
    await page.getByRole('button', { name: 'Gepatschspeicher Messfloß 3007 W Tiefenprofil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tiefenprofil' });
    await dialog.waitFor();
    await type(page, 'Zeile 1 Tiefe [m]', '0,5');
    await type(page, 'Zeile 1 Wassertemperatur [°C]', '6,1');
    await dialog.getByRole('button', { name: 'Zeile hinzufügen' }).click();
    await type(page, 'Zeile 2 Tiefe [m]', '2');
    await type(page, 'Zeile 2 Wassertemperatur [°C]', '5,4');
    await type(page, 'Zeile 2 Leitfähigkeit [µS/cm]', '120');
    await type(page, 'Zeile 2 Absolute Tiefe [m ü.A.]', '1753,2');
    await page.screenshot({ path: `${SHOTS}/depth-profile-desktop-light.png` });
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('button', { name: 'Gepatschspeicher Messfloß 3007 W Tiefenprofil' }).textContent())
      .toBe('Tiefenprofil (2 Zeilen)');
    await type(page, 'Gepatschspeicher Messfloß 3007 WT', '7');
    await type(page, 'Gepatschspeicher Messfloß 3007 WT Wert danach', '7,2');

    // DISCHARGE by current meter over the station verticals, in l/min
    const label = 'Quelle Nufelsbach 3004 Q';
    await page.getByRole('button', { name: `${label} Abflussmessung` }).click();
    const meterDialog = page.getByRole('dialog', { name: 'Abflussmessung' });
    await meterDialog.getByRole('radio', { name: 'Messflügel' }).click();
    await meterDialog.getByRole('combobox').selectOption('OTT C2 Nr. 1');
    const verticals = [
      { distanceM: 0.3, depthCM: 12, impulses0: 40, impulses38: 55 },
      { distanceM: 0.6, depthCM: 20, impulses0: 60, impulses38: 80 },
      { distanceM: 0.9, depthCM: 18, impulses0: 50, impulses38: 70 },
      { distanceM: 1.2, depthCM: 8, impulses0: 20, impulses38: 30 },
    ];
    for (const [i, v] of verticals.entries()) {
      expect(await meterDialog.getByRole('textbox', { name: `Lotrechte ${i + 1} Abstand [m]` }).inputValue()).toBe(
        String(v.distanceM).replace('.', ','),
      );
      await type(page, `Lotrechte ${i + 1} Tiefe [cm]`, String(v.depthCM));
      await type(page, `Lotrechte ${i + 1} Impulse Oberfläche`, String(v.impulses0));
      await type(page, `Lotrechte ${i + 1} Impulse 38 %`, String(v.impulses38));
    }
    const meter = DEMO_METERS[0];
    if (!meter) throw new Error('no demo meter');
    const expected = (meterDischarge(meter, verticals) ?? NaN) * 60;
    await expect
      .poll(async () => (await meterDialog.getByLabel('Abfluss Ergebnis').textContent())?.trim(), { timeout: 10_000 })
      .toBe(`${String(Math.round(expected * 100) / 100).replace('.', ',')} l/min`);
    await page.keyboard.press('Escape');
    const stored = await submit(page, env.server(), mrName);
    expect(entryOf(stored, '3007-W')).toMatchObject({
      value: 1755.2,
      depthProfile: [
        { staNumber: '3007', depthM: 0.5, wt: 6.1 },
        { staNumber: '3007', depthM: 2, depthAbsoluteM: 1753.2, wt: 5.4, lfkt: 120 },
      ],
    });
    const wt = entryOf(stored, '3007-WT');
    expect(wt).toMatchObject({ value: 7, valueAfter: 7.2 });
    // §9: the second value is stored 60 s after the main value
    const { values } = await api<HistoricValueList>(env.server(), '/timeseries-values?tsId=3007-WT&remarks=true');
    const mine = values.filter((v) => calendarDateOf(v.dt) === today);
    expect(mine.map((v) => v.value)).toEqual([7, 7.2]);
    expect(Date.parse(mine[1]?.dt ?? '') - Date.parse(mine[0]?.dt ?? '')).toBe(60_000);
    const q = entryOf(stored, '3004-Q');
    expect(q.value).toBeCloseTo(expected, 9);
    expect(q.dischargeValue).toMatchObject({
      key: 'METER',
      unit: 'l/min',
      meterMeasurement: { meter: 'OTT C2 Nr. 1', verticals },
    });
    expect(q.dischargeProtocol).toMatchObject({ meter: 'OTT C2 Nr. 1', dischargeUnit: 'l/min' });
    // the archive reads the completed round with the client's schema
    await page.goto(`${env.server().url}/archive/${stored.instanceId}`);
    await expect
      .poll(() => page.getByText('Gepatschspeicher Messfloß').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('computes the snow water equivalent in its dialog and sends the result as the value', async () => {
    const mrName = 'Meteo Kaunertal';
    const { page, errors } = await openRound(mrName);
    await page.getByRole('button', { name: 'Feichten 4001 SWW Schneewasserwert-Messung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schneewasserwert' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Gerätemasse [g]' }).inputValue()).toBe('800');
    expect(await dialog.getByRole('textbox', { name: 'Durchmesser [cm]' }).inputValue()).toBe('5');
    expect(await dialog.getByRole('textbox', { name: /^Probe \d Höhe$/ }).count()).toBe(5);
    await type(page, 'Wetter', 'sonnig');
    await type(page, 'Probe 1 Höhe', '50');
    await type(page, 'Probe 1 Gesamtmasse', '996,35');
    await type(page, 'Probe 2 Höhe', '60');
    await type(page, 'Probe 2 Gesamtmasse', '1035,62');
    // SWE = (total − 800 g) / (π · 2.5² cm²) · 10: 100.0 and 120.0 mm, mean 110
    await expect
      .poll(async () => (await dialog.getByLabel('Schneewasserwert Ergebnis').textContent())?.trim(), {
        timeout: 10_000,
      })
      .toBe('110 mm');
    await page.screenshot({ path: `${SHOTS}/snow-desktop-light.png` });
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Feichten 4001 SWW', exact: true }).inputValue())
      .toBe('110');

    const stored = await submit(page, env.server(), mrName);
    const swe = entryOf(stored, '4001-SWW');
    expect(swe).toMatchObject({
      value: 110,
      snowWaterEquivalent: { weather: 'sonnig', deviceMass: 800, deviceDiameter: 5, result: 110 },
    });
    expect(swe.snowWaterEquivalent?.values).toHaveLength(5);
    expect(swe.snowWaterEquivalent?.values[0]?.snowWaterEquivalent).toBeCloseTo(100, 2);
    expect(errors).toEqual([]);
  });

  it('lays out the dialogs on phone and desktop, light and dark', async () => {
    // a fresh device (the dam round is sent above); the views are switched on the open page, not by new visits
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const views = [
      { name: 'phone', viewport: { width: 390, height: 844 } },
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
    ];
    // The app takes the system's light/dark at start: a scheme change is emulated and the page reloaded (a
    // reload-sized load); each scheme is shown in both viewports before the next.
    const eachView = async (
      schemes: readonly ('light' | 'dark')[],
      step: (view: string, colorScheme: 'light' | 'dark') => Promise<void>,
    ) => {
      for (const colorScheme of schemes) {
        if (
          colorScheme !==
          (await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')))
        ) {
          await page.emulateMedia({ colorScheme });
          await page.reload();
          await page.locator(EDITABLE_VALUE).first().waitFor({ timeout: 60_000 });
        }
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          colorScheme === 'dark',
        );
        for (const view of views) {
          await page.setViewportSize(view.viewport);
          await step(view.name, colorScheme);
        }
      }
    };
    await gotoTable(page, env.server(), 'Talsperre Gepatsch Kontrollgang');
    const row = page.locator('tr[data-tsid="2103-VB1"]');
    const incident = row.getByRole('radio', { name: /Ereignis/ });
    // chosen once: a second click on the chosen answer clears it
    await incident.click();
    await eachView(['light', 'dark'], async (view, colorScheme) => {
      await row.scrollIntoViewIfNeeded();
      await expect.poll(() => incident.getAttribute('aria-checked')).toBe('true');
      await page.screenshot({ path: `${SHOTS}/rows-${view}-${colorScheme}.png` });
      await page.getByRole('button', { name: 'Sickerwassermessung Talsohle 2101 Q Abflussmessung' }).click();
      const dialog = page.getByRole('dialog', { name: 'Abflussmessung' });
      await dialog.getByRole('radio', { name: 'Messflügel' }).click();
      // the station's verticals (0.2; 0.5; 0.8 m) are offered; a phone scrolls the table sideways
      expect(await dialog.getByRole('textbox', { name: 'Lotrechte 2 Abstand [m]' }).inputValue()).toBe('0,5');
      await page.screenshot({ path: `${SHOTS}/discharge-${view}-${colorScheme}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });
    await gotoTable(page, env.server(), 'Meteo Kaunertal');
    await eachView(['dark', 'light'], async (view, colorScheme) => {
      await page.getByRole('button', { name: 'Feichten 4001 SWW Schneewasserwert-Messung' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schneewasserwert' });
      await dialog.waitFor();
      await page.screenshot({ path: `${SHOTS}/snow-${view}-${colorScheme}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
