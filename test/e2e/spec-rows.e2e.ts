import { testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { pdfText } from '../support/server/pdf-text';
import sharp from 'sharp';
import { ANDROID_PHONE, api, openTable, serverAndBrowser, submitRound, watchErrors } from './harness';
import { pickNumericEntries } from './rounds';
import { testEndpoint } from '../../server/http/faults';
import { addPhoto, jpeg } from './photo';
import { gotoTable, sharedDevice } from './visits';

// A summer day: 10:00 UTC is 12:00 on the wall clock (CEST) and 11:00 MEZ.
const DAY = '2026-07-10';
const NOW = new Date(`${DAY}T10:00:00Z`);

// The rows of the specification, one server and browser for all (CI time).
describe('rows of the specification', () => {
  const env = serverAndBrowser('e2e-spec-rows-');
  // One device for the tests that send nothing (shortcuts, columns, error reports): a config change reaches it
  // with the pull of the next load, as on any device; a first visit is paid once. Tests that send a round, need a
  // fake clock or another device profile keep their own context.
  const device = sharedDevice(env.browser);

  it('types, shows, posts, archives and prints times in MEZ when the config says so', async () => {
    const server = env.server();
    await server.db.query(`update reference_data set data = data || '{"mez":true}'::jsonb where key = 'config'`);
    const { round, picked } = await pickNumericEntries(server, 2);
    const [a, b] = picked;
    if (!a || !b) throw new Error('no entries');
    const context = await env.browser().newContext({ locale: 'en-GB' });
    await context.clock.install({ time: NOW });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/stations/${encodeURIComponent(round.mrName)}/${DAY}`);
    await page.locator('[data-value-input]').first().waitFor({ timeout: 60_000 });
    await page.locator('#locale-select').selectOption('en');
    await expect
      .poll(() => page.getByTestId('mez-note').textContent(), { timeout: 10_000 })
      .toBe('Times in MEZ (UTC+1, no summer time)');

    // a: value and "now" (F2) in the time field, which is 11:00 MEZ, not the wall clock's 12:00
    await page.getByRole('textbox', { name: a.label, exact: true }).pressSequentially(String(a.good), { delay: 20 });
    const timeA = page.getByLabel(`${a.label} time`);
    await timeA.focus();
    await timeA.press('F2');
    await expect.poll(() => timeA.inputValue()).toBe('11:00');
    // b: a typed time, read as MEZ
    await page.getByRole('textbox', { name: b.label, exact: true }).pressSequentially(String(b.good), { delay: 20 });
    const timeB = page.getByLabel(`${b.label} time`);
    await timeB.selectText();
    await timeB.pressSequentially('0730', { delay: 20 });
    await timeB.press('Tab');
    await expect.poll(() => timeB.inputValue()).toBe('07:30');
    await submitRound(page, 'Submit');
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    // posted: 11:00 and 07:30 MEZ are 10:00 and 06:30 UTC (wall-clock mode would have sent 09:00 and 05:30 UTC)
    const ids = picked.map((p) => `tsId=${encodeURIComponent(p.entry.tsId)}`).join('&');
    const { values } = await api<HistoricValueList>(server, `/timeseries-values?${ids}&remarks=true`);
    // this day's values only: the picked value lies inside the series' own history, which may hold it too
    const dayStart = Date.parse(`${DAY}T00:00:00Z`);
    const at = (p: typeof a) =>
      values
        .filter(
          (v) => v.tsId === p.entry.tsId && v.value === p.good && Math.abs(Date.parse(v.dt) - dayStart) < 86_400_000,
        )
        .map((v) => Date.parse(v.dt));
    expect(at(a)).toEqual([Date.parse(`${DAY}T10:00:00Z`)]);
    expect(at(b)).toEqual([Date.parse(`${DAY}T06:30:00Z`)]);

    // the archive shows them in MEZ too, in every language
    await page.getByRole('link', { name: 'Archive' }).click();
    const row = page.getByRole('row', { name: new RegExp(round.mrName) });
    await row.first().waitFor({ timeout: 20_000 });
    await row.first().getByRole('link', { name: round.mrName }).click();
    const entries = page.getByRole('table', { name: 'Entries' });
    await entries.waitFor({ timeout: 20_000 });
    await expect.poll(() => entries.textContent()).toContain('10/07/2026 11:00');
    expect(await entries.textContent()).toContain('10/07/2026 07:30');
    expect(await page.getByTestId('mez-note').textContent()).toBe('Times in MEZ (UTC+1, no summer time)');
    await page.locator('#locale-select').selectOption('it');
    await expect.poll(() => page.getByTestId('mez-note').textContent()).toBe('Orari in MEZ (UTC+1, senza ora legale)');
    await page.locator('#locale-select').selectOption('de');
    await expect.poll(() => page.getByTestId('mez-note').textContent()).toBe('Zeiten in MEZ (UTC+1, ohne Sommerzeit)');
    expect(await page.getByRole('table', { name: 'Einträge' }).textContent()).toContain('10.07.2026 11:00');

    // and the printout (the server's PDF) says so
    const instanceId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const res = await fetch(
      `${server.url}/hwe-api/v2/completed-measure-round/${encodeURIComponent(instanceId)}/pdf?lang=de`,
    );
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Zeit (UTC+1): 10.07.2026 11:00');
    expect(text).toContain('Zeit (UTC+1): 10.07.2026 07:30');
    expect(errors).toEqual([]);
    await context.close();
    await server.db.query(`update reference_data set data = data - 'mez' where key = 'config'`);
  });

  it('sends a geo:lat,lon of a remark as its location and shows it in the archive as a map link (§3 Remark)', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 3);
    const p = picked[2];
    if (!p) throw new Error('no entry');
    const { context, page, errors } = await openTable(env.browser(), server, round.mrName, { locale: 'en-GB' });
    await page.locator('#locale-select').selectOption('en');
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(String(p.good), { delay: 20 });
    const remark = page.getByRole('combobox', { name: `${p.label} remark`, exact: true });
    await remark.pressSequentially('Pegel vereist geo:47.05,10.7', { delay: 20 });
    await remark.press('Tab');
    await submitRound(page, 'Submit');
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    const { values } = await api<HistoricValueList>(
      server,
      `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}&remarks=true`,
    );
    const mine = values.filter((v) => v.value === p.good && v.tsRemark);
    expect(mine, JSON.stringify(values.slice(-3))).toHaveLength(1);
    const sent: unknown = typeof mine[0]?.tsRemark === 'string' ? JSON.parse(mine[0].tsRemark) : mine[0]?.tsRemark;
    expect(sent).toMatchObject({
      text: 'Pegel vereist geo:47.05,10.7',
      location: { latitude: 47.05, longitude: 10.7 },
    });

    await page.getByRole('link', { name: 'Archive' }).click();
    const row = page.getByRole('row', { name: new RegExp(round.mrName) });
    await row.first().waitFor({ timeout: 20_000 });
    await row.first().getByRole('link', { name: round.mrName }).click();
    const cell = page.getByRole('row', {
      name: new RegExp(`${p.entry.staName} \\(${p.entry.staNumber}\\) · ${p.entry.tsParameter}`),
    });
    await cell.first().waitFor({ timeout: 20_000 });
    const link = cell.first().getByTestId('remark-location');
    expect(await link.textContent()).toBe('Location 47.05 / 10.7');
    expect(await link.getAttribute('href')).toContain('mlat=47.05&mlon=10.7');
    expect(await cell.first().textContent()).toContain('Pegel vereist');
    expect(await cell.first().textContent()).not.toContain('geo:');
    await page.locator('#locale-select').selectOption('de');
    await expect.poll(() => link.textContent()).toBe('Ort 47,05 / 10,7');

    // the remark analysis can ask the server for the remarks of submitted rounds only (§7 completed timeseries-values)
    await page.goto(`${server.url}/analysis/remarks/${encodeURIComponent(round.mrName)}`);
    const filter = page.getByLabel('Filter (regulärer Ausdruck)');
    await filter.waitFor({ timeout: 20_000 });
    await filter.fill('');
    await filter.pressSequentially('vereist', { delay: 20 });
    const asked = page.waitForRequest(
      (r) =>
        r.url().includes('/completed-measure-round/timeseries-values?') &&
        r.url().includes(`tsId=${encodeURIComponent(p.entry.tsId)}`),
    );
    await page.getByLabel('Nur Bemerkungen gesendeter Messrunden (vom Server abgefragt)').check();
    expect((await asked).url()).toContain('remarks=true');
    await expect
      .poll(() => page.getByTestId('remark-table').textContent(), { timeout: 20_000 })
      .toContain('Pegel vereist');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('? opens about/help, k the shortcut list, g a nothing when the archive is switched off (§2, §9)', async () => {
    const server = env.server();
    const { page, errors } = await device();
    await page.goto(`${server.url}/?date=${testToday()}`);
    await page.getByRole('link', { name: 'Archiv' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Shift+?');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('heading', { name: 'Über diese App' }).waitFor();
    await page.keyboard.press('k');
    const dialog = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Info und Hilfe');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/archive');

    // with the archive switched off, g a stays where it is
    await server.db.query(
      `update reference_data set data = data || '{"showArchive":false}'::jsonb where key = 'config'`,
    );
    try {
      // the next load pulls the config: once its answer is in and the rounds show, the archive link is gone
      const config = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/hwe-api/v2/config'));
      await page.goto(`${server.url}/?date=${testToday()}`);
      await config;
      await page
        .getByRole('link', { name: /Quellen Kaunertal/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByRole('link', { name: 'Archiv' }).count(), { timeout: 10_000 }).toBe(0);
      await page.keyboard.press('Shift+?');
      await page.getByRole('heading', { name: 'Über diese App' }).waitFor();
      await page.keyboard.press('g');
      await page.keyboard.press('a');
      // a shortcut that does navigate comes next: once it has, the one before had its turn, and the way back
      // leads to where `g a` left the page (/archive had it navigated)
      await page.keyboard.press('g');
      await page.keyboard.press('c');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/config');
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    } finally {
      await server.db.query(`update reference_data set data = data - 'showArchive' where key = 'config'`);
    }
    expect(errors).toEqual([]);
  });

  it('the tour has a photo screen per station (take, list per station, delete) and shows task type icons (§2 mobile, §3)', async () => {
    const server = env.server();
    const DAM = 'Talsperre Gepatsch Kontrollgang';
    const context = await env.browser().newContext({ ...ANDROID_PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${server.url}/?date=${testToday()}`);
    await page.getByRole('button', { name: `${DAM} offline nehmen` }).click({ timeout: 30_000 });
    const dialog = page.getByTestId('store-tour-dialog');
    await dialog.getByLabel('Team').pressSequentially('Team Foto', { delay: 20 });
    await dialog.getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    // the seeded battery task of station 2001 carries its configured icon (battery) in its colour
    const icon = page.locator('li[data-station="2001"] svg[data-task-icon="Batterie"]');
    await icon.waitFor({ timeout: 20_000 });
    expect(await icon.getAttribute('data-glyph')).toBe('battery');
    expect(await icon.getAttribute('stroke')).toBe('#f59e0b');

    await page.getByRole('link', { name: 'Fotos', exact: true }).click();
    await page.getByTestId('no-photos').waitFor();
    const first = page.locator('[data-view="photo"] li[data-tsid]').first();
    const tsParameter = (await first.locator('span.font-semibold').first().textContent())?.split(' · ')[0] ?? '';
    const staNumber =
      (await page.locator('[data-view="photo"] > div[data-station]').getAttribute('data-station')) ?? '';
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4477aa' } })
      .jpeg()
      .toBuffer();
    await first.locator('input[type="file"]').setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo });
    // shown at the entry and in the round's list per station
    await expect
      .poll(() => page.getByRole('img', { name: `Foto von ${staNumber} ${tsParameter}` }).count(), { timeout: 20_000 })
      .toBe(2);
    expect(await page.getByTestId('round-photos').textContent()).toContain('(1 Foto)');
    await page
      .getByTestId('round-photos')
      .getByRole('button', { name: `Foto von ${staNumber} ${tsParameter} löschen` })
      .click();
    await page.getByTestId('no-photos').waitFor();
    expect(await page.getByRole('img', { name: `Foto von ${staNumber} ${tsParameter}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the table columns from the config: labels per language, order and classes (§3 columns)', async () => {
    const server = env.server();
    const columns = [
      { key: 'tsRemark', label: 'Nota', deLabel: 'Notiz', enLabel: 'Note', sortKey: '1', cssClass: 'cfg-remark' },
      { key: 'value', deLabel: 'Messwert', enLabel: 'Reading', sortKey: '2' },
    ];
    await server.db.query(`update reference_data set data = data || $1::jsonb where key = 'config'`, [
      JSON.stringify({ columns }),
    ]);
    try {
      const { round } = await pickNumericEntries(server, 1);
      const { page, errors } = await device();
      await gotoTable(page, server, round.mrName);
      const heads = page.locator('thead th');
      await expect
        .poll(() => heads.allTextContents(), { timeout: 20_000 })
        .toEqual(['Station', 'Notiz', 'Messwert', 'Parameter', 'Verlauf', 'Uhrzeit']);
      const firstRow = page.locator('tbody tr[data-tsid]').first();
      expect(await firstRow.locator('td').first().getAttribute('data-col')).toBe('remark');
      expect(await firstRow.locator('td[data-col="remark"]').getAttribute('class')).toContain('cfg-remark');
      await page.locator('#locale-select').selectOption('en');
      await expect
        .poll(() => heads.allTextContents())
        .toEqual(['Station', 'Note', 'Reading', 'Parameter', 'History', 'Time']);
      await page.locator('#locale-select').selectOption('it');
      await expect
        .poll(() => heads.allTextContents())
        .toEqual(['Stazione', 'Nota', 'Valore', 'Parametro', 'Storico', 'Ora']);
      // back to German for the next test on this device
      await page.locator('#locale-select').selectOption('de');
      expect(errors).toEqual([]);
    } finally {
      await server.db.query(`update reference_data set data = data - 'columns' where key = 'config'`);
    }
  });

  it('asks for archive photos as avif, jpeg or png with quality and the shown width × pixel ratio (§7)', async () => {
    const server = env.server();
    await server.db.query(
      `update reference_data set data = data || '{"showArchiveImages":30}'::jsonb where key = 'config'`,
    );
    try {
      const { round, picked } = await pickNumericEntries(server, 4);
      const p = picked[3];
      if (!p) throw new Error('no entry');
      const { context, page, errors } = await openTable(env.browser(), server, round.mrName, {
        locale: 'de-DE',
        deviceScaleFactor: 2,
      });
      await page
        .getByRole('textbox', { name: p.label, exact: true })
        .pressSequentially(String(p.good).replace('.', ','), { delay: 20 });
      const photo = await jpeg(1200, 900, '#aa7744');
      await addPhoto(page, p, photo, 'p.jpg');
      await submitRound(page);
      await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Archiv' }).click();
      const row = page.getByRole('row', { name: new RegExp(round.mrName) });
      await row.first().waitFor({ timeout: 20_000 });
      const asked = page.waitForRequest((r) => /\/completed-measure-round\/[^/]+\/image\//.test(r.url()), {
        timeout: 20_000,
      });
      await row.first().getByRole('link', { name: round.mrName }).click();
      const headers = (await asked).headers();
      expect(headers.accept).toBe('image/avif,image/jpeg;q=0.9,image/png;q=0.8');
      expect(headers['x-image-quality']).toBe('70');
      expect(headers['x-image-width']).toBe('320');
      const img = page.getByTestId('archive-image').first();
      await img.waitFor({ timeout: 20_000 });
      expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.db.query(`update reference_data set data = data - 'showArchiveImages' where key = 'config'`);
    }
  });

  it('reports errors to the configured endpoint after consent, batched, with the version and the route pattern only (§3)', async () => {
    const server = env.server();
    await server.db.query(
      `update reference_data set data = data || '{"errorReporting":{"url":"/__test__/error-reports"}}'::jsonb where key = 'config'`,
    );
    try {
      const { round } = await pickNumericEntries(server, 1);
      const { page } = await device();
      await gotoTable(page, server, round.mrName);
      const consent = page.getByTestId('error-consent');
      await consent.waitFor({ timeout: 20_000 });
      await consent.getByRole('button', { name: 'Fehlerberichte senden', exact: true }).click();
      await consent.waitFor({ state: 'detached' });
      // an uncaught error and an unhandled rejection with personal data in their messages
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('value 1679,41 of "Pegel Süd" for olga.huber@example.org');
        });
        void Promise.reject(new TypeError('failed https://example.org/stations/Quellen/2026-11-25'));
      });
      const received = async () =>
        (await testEndpoint(server, 'error-reports').then((r) => r.json())) as {
          reports: Record<string, string>[];
        }[];
      await expect.poll(async () => (await received()).flatMap((b) => b.reports).length, { timeout: 20_000 }).toBe(2);
      const batches = await received();
      expect(batches).toHaveLength(1);
      const reports = batches.flatMap((b) => b.reports);
      expect(reports.map((r) => r.message).sort()).toEqual(['failed <url>', 'value <n> of <text> for <email>']);
      for (const r of reports) {
        expect(r.route).toBe('/stations/$group/$date');
        expect(r.version).toMatch(/^\d+\.\d+\.\d+/);
        expect(JSON.stringify(r)).not.toMatch(/olga|Pegel|Quellen|1679/);
      }
      // the answer is kept on the device and can be changed in /config
      await page.goto(`${server.url}/config`);
      const setting = page.getByLabel(
        'Fehlerberichte an den Betreiber senden (App-Version, Bildschirm und Fehler; nichts Persönliches)',
      );
      expect(await setting.isChecked()).toBe(true);
      await setting.uncheck();
      await page.reload();
      await page
        .getByLabel('Fehlerberichte an den Betreiber senden (App-Version, Bildschirm und Fehler; nichts Persönliches)')
        .waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('error-consent').count()).toBe(0);
      expect(
        await page
          .getByLabel(
            'Fehlerberichte an den Betreiber senden (App-Version, Bildschirm und Fehler; nichts Persönliches)',
          )
          .isChecked(),
      ).toBe(false);
    } finally {
      await server.db.query(`update reference_data set data = data - 'errorReporting' where key = 'config'`);
    }
  });
});
