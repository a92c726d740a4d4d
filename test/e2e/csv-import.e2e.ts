import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoricValueList, MeasureRound } from '../../schemas/api';
import { api, countRoundPosts, serverAndBrowser, submitRound, tempDir, watchErrors, type TestServer } from './harness';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/analysis-shots';

async function damRound(server: TestServer): Promise<MeasureRound> {
  const list = await api<{ mrId: string }[]>(server, '/measure-round');
  for (const s of list) {
    const round = await api<MeasureRound>(server, `/measure-round/${encodeURIComponent(s.mrId)}`);
    if (round.entries.some((e) => e.tsParameter === 'FW')) return round;
  }
  throw new Error('no demo dam round');
}

describe('CSV import against the real server', () => {
  const env = serverAndBrowser('e2e-csv-');
  const files = tempDir('e2e-csv-files-');
  afterAll(() => files.remove());

  it('previews a file with one bad line and sends the good lines exactly once after submit', async () => {
    const server = env.server();
    const round = await damRound(server);
    // the lines go in order to the entries with an import number; the first three are plain numbers
    const [a, b, c] = round.entries.filter((e) => !/^\d+-null$/.test(e.tsId));
    if (!a || !b || !c) throw new Error('entries');
    const mid = (e: typeof a) =>
      Math.round((((e.tsPlausibilityCheck?.min ?? 0) + (e.tsPlausibilityCheck?.max ?? 10)) / 2) * 100) / 100;
    // readings of the last minutes: a date in the future would (rightly) be refused by the table's checks
    const base = DateTime.now().setZone('Europe/Vienna').minus({ minutes: 5 }).startOf('minute');
    const day = base.toFormat('dd.MM.yyyy');
    const [t1, t2, t3] = [0, 1, 2].map((m) => base.plus({ minutes: m }).toFormat('HH:mm'));
    const csv = `Datum;Wert\n${day} ${t1};${String(mid(a)).replace('.', ',')}\n${day} ${t2};abc\n${day} ${t3};${mid(c)}\n`;

    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/csv/${encodeURIComponent(round.mrName)}`);
    await page
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'logger.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf-8') });
    const preview = page.getByTestId('csv-preview');
    await page
      .locator('[data-testid="csv-preview"], [data-testid="csv-file-error"]')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: `${SHOTS}/csv-failed.png` });
        throw e;
      });
    expect(
      await page.getByTestId('csv-file-error').count(),
      (await page.getByTestId('csv-file-error').count())
        ? ((await page.getByTestId('csv-file-error').textContent()) ?? '')
        : '',
    ).toBe(0);
    const bad = preview.locator('tr[data-line="3"]');
    expect(await bad.getAttribute('data-kind')).toBe('error');
    expect(await bad.textContent()).toContain('Wert ist keine Zahl');
    expect(await bad.textContent()).toContain('abc');
    expect(await page.getByTestId('csv-summary').textContent()).toContain(
      'Werte zum Import: 2 · Zeilen mit Fehlern: 1',
    );
    // the entry without an import number is named in the preview and takes no line
    expect(await preview.textContent()).toContain('keine Importnummer definiert');
    await page.screenshot({ path: `${SHOTS}/csv-preview-light.png`, fullPage: false });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SHOTS}/csv-preview-dark.png`, fullPage: false });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    await page.getByTestId('csv-import-button').click();
    const imported = page.getByTestId('csv-imported');
    await imported.waitFor();
    expect(await imported.textContent()).toContain('Messrunde importiert: 2 Werte');
    await imported.getByRole('link').click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`/stations/`);
    await expect
      .poll(
        () =>
          page.getByRole('textbox', { name: `${a.staName} ${a.staNumber} ${a.tsParameter}`, exact: true }).inputValue(),
        { timeout: 10_000 },
      )
      .toBe(String(mid(a)).replace('.', ','));

    const postsBefore = await countRoundPosts(server);
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 20_000 });
    expect(await countRoundPosts(server)).toBe(postsBefore + 1);

    const ids = [a, b, c].map((e) => `tsId=${encodeURIComponent(e.tsId)}`).join('&');
    const { values } = await api<HistoricValueList>(server, `/timeseries-values?${ids}&remarks=true`);
    const at = (e: typeof a, time: string) =>
      values.filter(
        (v) =>
          v.tsId === e.tsId &&
          DateTime.fromISO(v.dt).setZone('Europe/Vienna').toFormat('dd.MM.yyyy HH:mm') === `${day} ${time}`,
      );
    expect(at(a, t1 ?? '').map((v) => v.value)).toEqual([mid(a)]);
    expect(at(b, t2 ?? '')).toEqual([]);
    expect(at(c, t3 ?? '').map((v) => v.value)).toEqual([mid(c)]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [
      'wrong encoding (Latin-1)',
      'latin1.csv',
      () => Buffer.from('Datum;Wert\n01.11.2026 08:15;1\nMessstelle;Sch\xe4cht\n', 'latin1'),
      'nicht UTF-8',
    ],
    [
      'wrong columns',
      'one-column.csv',
      () => Buffer.from('Datum\n01.11.2026 08:15\n01.11.2026 08:20\n'),
      'Die Datei hat 1 Spalten',
    ],
    ['empty', 'empty.csv', () => Buffer.alloc(0), 'leer'],
    [
      'a binary file renamed .csv',
      'photo.csv',
      () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048)]),
      'keine Textdatei',
    ],
    ['a 50 MB file', 'huge.csv', () => 'huge', 'höchstens 5 MB'],
  ])('refuses %s with a clear message and imports nothing', async (_name, filename, content, message) => {
    const server = env.server();
    const round = await damRound(server);
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/csv/${encodeURIComponent(round.mrName)}`);
    const data = content();
    const input = page.getByTestId('csv-file-input');
    if (data === 'huge') {
      // written to disk and handed over by path: the app must refuse it by its size before reading it
      const path = join(files.path, filename);
      writeFileSync(path, Buffer.alloc(50 * 1024 * 1024, 0x31));
      await input.setInputFiles(path);
    } else {
      await input.setInputFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from(data) });
    }
    const alert = page.getByTestId('csv-file-error');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(message);
    expect(await alert.textContent()).toContain('Es wurde nichts importiert.');
    expect(await page.getByTestId('csv-import-button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
