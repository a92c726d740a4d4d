import { describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors, waitForServiceWorker } from './harness';

describe('measure documents', () => {
  const env = serverAndBrowser('e2e-documents-');

  it('lists the documents by global, round and station, opens them, and still does offline', async () => {
    const context = await env.browser().newContext({ locale: 'de-DE', acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/`);
    // the navbar link appears once documents are stored
    await page.getByRole('link', { name: 'Dokumente' }).click({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Messdokumente' }).waitFor();
    const general = page.getByRole('region', { name: 'Allgemeine Dokumente' });
    await general.getByText('Messanleitung.txt').waitFor();
    // last modified in the UI language's format
    expect(await general.textContent()).toMatch(/Zuletzt geändert 01\.10\.2026/);
    const round = page.getByRole('region', { name: 'Messrunde Talsperre Gepatsch Kontrollgang' });
    expect(await round.textContent()).toContain('Kontrollgang-Plan.txt');
    const station = page.getByRole('region', { name: 'Station Feichten (4001)' });
    expect(await station.textContent()).toContain('Feichten-Stationsblatt.txt');

    const download = page.waitForEvent('download');
    await general.getByRole('link', { name: 'Messanleitung.txt herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Messanleitung.txt');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('Ablesungen immer von Nord nach Süd');

    // offline, from the stored copy
    // the app itself comes from the service worker's precache once it controls the page
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page
      .getByRole('region', { name: 'Allgemeine Dokumente' })
      .getByText('Messanleitung.txt')
      .waitFor({ timeout: 20_000 });
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Messanleitung.txt öffnen' }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(await opened.textContent('body')).toContain('Messanleitung');
    expect(errors).toEqual([]);
    await context.close();
  });
});
