import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { launchBrowser, navItem, tempDir, watchErrors, type TestServer } from './harness';

const EXAMPLE = new URL('../../examples/network', import.meta.url).pathname;
const ROUND = 'Pegelrunde Oberes Inntal';

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
    await context.route('**/hwe-api/v2/info', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...json, isAdmin: false, username: 'anna.berger' } });
    });
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
    await page.getByLabel('Oder ein ganzer Messnetz-Ordner').setInputFiles(EXAMPLE);
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
    await context.close();
  });
});
