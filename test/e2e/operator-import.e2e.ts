import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { answerWithChangedJson, launchBrowser, navItem, tempDir, watchErrors, type TestServer } from './harness';

const EXAMPLE = new URL('../../examples/network', import.meta.url).pathname;
const ROUND = 'Pegelrunde Oberes Inntal';

/** Serious and critical axe violations of the page as it is now, as "rule: target" lines (empty when clean). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Clicks a download button and answers the downloaded file's text. */
async function downloaded(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return readFileSync(path, 'utf8');
}

/**
 * Issue 30: a fresh install (no demo data) guides the administrator to the import; the admin uploads the
 * example network folder, sees the preview, applies it, and a field worker on a phone opens the new round.
 */
describe('an operator loads their own station network', () => {
  const dir = tempDir('e2e-operator-');
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir: dir.path, staticDir: 'dist', demo: false });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    dir.remove();
  });

  it('tells someone who is not an administrator whom to ask', async () => {
    // the configuration's locale (de) is the app's language
    const context = await browser.newContext({ locale: 'de-DE' });
    await context.route('**/hwe-api/v2/info', (route) =>
      answerWithChangedJson<Record<string, unknown>>(route, (json) => ({
        ...json,
        isAdmin: false,
        username: 'anna.berger',
      })),
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await page.getByText('Ihnen ist noch keine Messrunde zugewiesen.').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Bitten Sie Ihre Administration, Ihnen eine Rolle').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Import und Export' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin previews and applies the example network, then a field worker opens the new round', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    const hint = page.getByRole('status').filter({ hasText: 'Es gibt noch keine Messrunden.' });
    await hint.waitFor({ timeout: 60_000 });
    await hint.getByRole('link', { name: 'Import und Export' }).click();
    await page.getByRole('heading', { name: 'Import und Export', level: 1 }).waitFor();

    // the folder as an office keeps it (entries.csv, documents/…, tracks/…), chosen from the keyboard's reach
    // the file fields speak the app's language, not the browser's ("Choose Files")
    expect(await page.getByText('Keine Datei ausgewählt', { exact: true }).count()).toBe(3);
    await page.getByLabel('Oder ein ganzer Messnetz-Ordner').setInputFiles(EXAMPLE);
    // the folder's chooser names what it took; the other two still have nothing
    await page.getByText(/^\d+ Dateien: /).waitFor();
    expect(await page.getByText('Keine Datei ausgewählt', { exact: true }).count()).toBe(2);
    const apply = page.getByRole('button', { name: 'Import übernehmen' });
    expect(await apply.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Prüfen (Vorschau)' }).click();
    const preview = page.getByRole('table', { name: 'Vorschau: noch nichts gespeichert' });
    await preview.waitFor({ timeout: 30_000 });
    const roundsRow = preview.getByRole('row', { name: /Messrunden/ });
    // a count opens the list of keys (a details element): its summary is the number
    const cells = roundsRow.getByRole('cell');
    expect(await cells.first().locator('summary').textContent()).toBe('2');
    expect([await cells.nth(1).textContent(), await cells.nth(2).textContent()]).toEqual(['0', '0']);
    const entriesRow = preview.getByRole('row', { name: /Zeitreihen/ });
    expect(await entriesRow.getByRole('cell').first().locator('summary').textContent()).toBe('13');
    // nothing stored by the preview
    expect((await server.db.query('select mr_id from measure_round')).length).toBe(0);
    // the screen with its preview table is axe-clean, light and dark
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await apply.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Importiert' }).waitFor({ timeout: 30_000 });
    await page.getByText('Das Messnetz ist importiert.').waitFor();
    expect((await server.db.query('select mr_id from measure_round')).length).toBe(2);
    expect(errors).toEqual([]);
    await context.close();

    // a field worker on a phone: the new round is there and opens
    const phone = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, hasTouch: true });
    const field = await phone.newPage();
    const fieldErrors = watchErrors(field);
    await field.goto(`${server.url}/`);
    const open = field.getByRole('link', { name: `Tabelle öffnen (Büro): ${ROUND}` });
    await open.waitFor({ timeout: 60_000 });
    await open.click();
    await field.getByText('Pegel Prutz').first().waitFor({ timeout: 30_000 });
    expect(await field.getByText('Pegel Imst').count()).toBeGreaterThan(0);
    // the imported configuration reached the app: its title
    await expect.poll(() => field.title(), { timeout: 30_000 }).toContain('Messrunden Hydrographie');
    expect(fieldErrors).toEqual([]);
    await phone.close();
  });

  it('an upload with a bad row is refused with file, row and column, and stores nothing', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${server.url}/operator`);
    await (await navItem(page, 'link', 'Import und Export')).waitFor();
    await page.getByLabel('Messnetz-Dateien (zip, CSV, JSON)').setInputFiles({
      name: 'entries.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'mrId;staNumber;staName;tsId;tsParameter;min;max\n101;201010;Pegel Prutz;201010-W;W;9,5;1,5\n',
      ),
    });
    await page.getByRole('button', { name: 'Prüfen (Vorschau)' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nichts wurde gespeichert' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.getByRole('listitem').allTextContents()).toContainEqual(
      'entries.csv, Zeile 2, Spalte min: the plausibility minimum 9.5 is greater than the maximum 1.5',
    );
    expect(await page.getByRole('button', { name: 'Import übernehmen' }).isDisabled()).toBe(true);
    // the problem list is axe-clean on a phone too, light and dark
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('an admin downloads the readings filtered by station, parameter and days, as ZRXP and for German Excel', async () => {
    // two submissions of the imported round, on two days (Vienna wall time), at two stations
    const entry = (staNumber: string, tsId: string, dt: string, value: number, remark?: string) => ({
      staNumber,
      tsId,
      dt,
      value,
      ...(remark ? { tsRemark: { text: remark } } : {}),
    });
    const submit = async (day: string, entries: object[]) => {
      const res = await fetch(`${server.url}/hwe-api/v2/measure-round/101`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          instanceId: crypto.randomUUID(),
          creationTime: `${day}T06:00:00.000Z`,
          mrTeam: 'Huber',
          entries,
        }),
      });
      expect(res.status).toBe(200);
    };
    const at = (day: string) => `${day}T07:00:00.000+01:00`;
    await submit('2026-11-18', [
      entry('201030', '201030-W', at('2026-11-18'), 150),
      entry('201010', '201010-W', at('2026-11-18'), 90),
    ]);
    await submit('2026-11-20', [
      entry('201030', '201030-W', at('2026-11-20'), 141, 'Treibholz'),
      entry('201030', '201030-null', at('2026-11-20'), 140),
      entry('201010', '201010-W', at('2026-11-20'), 92),
    ]);

    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/operator`);
    const readings = page.getByRole('group', { name: 'Messwerte' });
    await readings.waitFor({ timeout: 60_000 });
    // the choices come from the rounds on the device: each follows the one before it
    await readings.getByRole('combobox', { name: 'Messrunde' }).selectOption({ label: ROUND }, { timeout: 60_000 });
    await readings.getByRole('combobox', { name: 'Station' }).selectOption({ label: '201030 Pegel Imst' });
    const parameter = readings.getByRole('combobox', { name: 'Parameter' });
    expect(await parameter.locator('option').allTextContents()).toEqual(['Alle Parameter', 'D', 'W', 'ZU']);
    await parameter.selectOption('W');
    const typeDay = async (name: string, text: string) => {
      const field = readings.getByRole('textbox', { name });
      await field.pressSequentially(text, { delay: 20 });
      await field.press('Tab');
    };
    // a range the wrong way round is named, nothing is downloaded
    await typeDay('Erster Tag', '21.11.2026');
    await typeDay('Letzter Tag', '20.11.2026');
    await readings.getByRole('button', { name: 'Messwerte herunterladen' }).click();
    await readings.getByRole('alert').filter({ hasText: 'Der erste Tag liegt nach dem letzten Tag.' }).waitFor();
    await readings.getByRole('textbox', { name: 'Erster Tag' }).fill('');
    await typeDay('Erster Tag', '20.11.2026');
    await readings.getByRole('combobox', { name: 'Format' }).selectOption('ZRXP');

    const zrxp = await downloaded(page, readings.getByRole('button', { name: 'Messwerte herunterladen' }));
    expect(zrxp).toContain('#REXCHANGE201030-W|*|#TZUTC');
    expect(zrxp).toContain('20261120060000 141 "Treibholz"');
    // the other day, the other station and the series without import number are not in the file
    expect(zrxp).not.toContain('150');
    expect(zrxp).not.toContain('201010');
    expect(zrxp).toContain('skipped (no import number defined, §4 tsId digits-null): 201030-null');
    await page
      .getByRole('status')
      .filter({ hasText: 'readings.zrx heruntergeladen. Ausgelassen (keine Importnummer): 201030-null.' })
      .waitFor();

    // all days, all parameters of the station, as German Excel reads it
    await readings.getByRole('textbox', { name: 'Erster Tag' }).fill('');
    await readings.getByRole('textbox', { name: 'Letzter Tag' }).fill('');
    await readings.getByRole('textbox', { name: 'Letzter Tag' }).press('Tab');
    await parameter.selectOption({ label: 'Alle Parameter' });
    await readings
      .getByRole('combobox', { name: 'Format' })
      .selectOption({ label: 'CSV für deutsches Excel (Strichpunkte, Dezimalkomma)' });
    const csv = await downloaded(page, readings.getByRole('button', { name: 'Messwerte herunterladen' }));
    const rows = csv
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(';'));
    expect(rows[0]?.slice(0, 3)).toEqual(['tsId', 'importNumber', 'staNumber']);
    const value = rows[0]?.indexOf('value') ?? -1;
    expect(rows.slice(1).map((r) => [r[0], r[value]])).toEqual([
      ['201030-W', '150'],
      ['201030-W', '141'],
      ['201030-null', '140'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
