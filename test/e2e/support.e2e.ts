import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser } from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { addPhoto, jpeg } from './photo';

describe('support view of the local data', () => {
  const env = serverAndBrowser('e2e-support-');

  it('exports the whole local database with photo bytes, which another browser inspects read-only; a reset is refused while a round is unsent', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName, {
      locale: 'de-DE',
      acceptDownloads: true,
    });
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 20 });
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    const photo = await jpeg(800, 600, '#336699');
    await addPhoto(page, p, photo);

    await page.getByRole('link', { name: 'Hilfe' }).click();
    await page.getByRole('heading', { name: 'Daten auf diesem Gerät' }).waitFor();
    await expect.poll(() => page.getByTestId('count-offlineInstances').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await page.getByRole('list', { name: 'Noch nicht gesendete Runden' }).textContent()).toContain(round.mrName);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Lokale Daten für den Support exportieren' }).click(),
    ]);
    // the download is deleted with its context: keep a copy for the other browser
    const zipPath = join(mkdtempSync(join(tmpdir(), 'support-export-')), 'export.zip');
    await download.saveAs(zipPath);
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
    const drafts = JSON.parse(strFromU8(files['collections/drafts.json'] ?? new Uint8Array())) as {
      tsId: string;
      text: string;
    }[];
    expect(drafts).toEqual([expect.objectContaining({ tsId: p.entry.tsId, text: formatDe(p.good) })]);
    // the photo and the small copy the lists show, each under the photo's id
    const photos = Object.keys(files).filter((f) => f.startsWith('photos/'));
    expect(photos.map((f) => f.split('/')[2]).sort()).toEqual(['image', 'thumb']);
    expect(new Set(photos.map((f) => f.split('/')[1])).size).toBe(1);
    const stored = files[photos.find((f) => f.endsWith('/image')) ?? ''];
    expect(stored?.length).toBeGreaterThan(1000);
    expect(strFromU8(files['manifest.json'] ?? new Uint8Array())).not.toMatch(/token/i);

    // a reset would drop the unsent round: refused, naming it
    await page.goto(`${env.server().url}/debug`);
    await page.getByRole('button', { name: 'Alle lokalen Daten entfernen' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: round.mrName }).count()).toBeGreaterThan(0);
    await context.close();

    // another browser imports the export into its separate inspection database
    const support = await env.browser().newContext({ locale: 'de-DE' });
    const other = await support.newPage();
    await other.goto(`${env.server().url}/debug`);
    await other.getByLabel('Exportdatei importieren (.zip)').setInputFiles(zipPath);
    const view = other.getByTestId('inspection-view');
    await view.waitFor();
    expect(await view.getByTestId('inspection-count-drafts').textContent()).toBe('1');
    expect(await view.getByTestId('inspection-count-photos').textContent()).toBe('1');
    // one photo shown: the photo itself, not its small copy beside it
    expect(await view.getByTestId('inspection-photo').count()).toBe(1);
    expect(await view.getByTestId('inspection-photo').getAttribute('data-bytes')).toBe(String(stored?.length));
    // never mixed with this browser's own data
    await expect.poll(() => other.getByTestId('debug-count-drafts').textContent()).toBe('0');
    await support.close();
  });
});
