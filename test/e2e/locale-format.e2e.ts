import { testToday } from '../support/dates';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../support/server/pdf-text';
import { openTable, serverAndBrowser, watchErrors } from './harness';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';

const today = testToday();

/** A reading with decimals inside the plausibility range, so the decimal separator shows. */
function withDecimals(p: PickedEntry): number {
  return Number.isInteger(p.good) ? p.good + 0.25 : p.good;
}

async function switchLanguage(page: Page, locale: 'de' | 'en' | 'it'): Promise<void> {
  await page.locator('#locale-select').selectOption(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

describe('numbers and dates per interface language', () => {
  const env = serverAndBrowser('e2e-locale-format-');

  it('shows the archive with comma decimals and dd.MM.yyyy dates in German and dd/MM/yyyy in Italian, and an Italian PDF', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const value = withDecimals(p);
    // The round reaches the server directly: this test is about how the archive shows it, not the table.
    const when = DateTime.fromISO(`${today}T07:45`, { zone: 'Europe/Vienna' });
    const post = {
      instanceId: crypto.randomUUID(),
      creationTime: when.toISO(),
      mrTeam: 'Huber/Gruber',
      mrRemark: 'Föhn, klare Sicht',
      entries: [{ tsId: p.entry.tsId, staNumber: p.entry.staNumber, dt: when.toISO(), value }],
    };
    const res = await fetch(`${env.server().url}/hwe-api/v2/measure-round/${encodeURIComponent(round.mrId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(post),
    });
    expect(res.status).toBe(200);

    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/?date=${today}`);
    await page.getByRole('link', { name: 'Archiv' }).click();
    const row = page.getByRole('row', { name: new RegExp(round.mrName) }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('submission-time').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    await row.getByRole('link', { name: round.mrName }).click();
    const entries = page.getByRole('table', { name: 'Einträge' });
    await entries.waitFor();
    const entryRow = entries
      .getByRole('row', { name: new RegExp(`${p.entry.staName} \\(${p.entry.staNumber}\\)`) })
      .first();
    const valueCell = entryRow.getByTestId('entry-value');
    expect(formatDe(value)).toContain(',');
    expect(await valueCell.textContent()).toContain(formatDe(value));
    expect(await entryRow.textContent()).toContain(when.toFormat('dd.MM.yyyy 07:45'));
    const facts = page.locator('dl');
    expect(await facts.textContent()).toContain(`Erstellt${when.toFormat('dd.MM.yyyy')} 07:45`);
    expect(await facts.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await switchLanguage(page, 'it');
    // the table's accessible name follows the language, so the row is looked up again
    const italianRow = page
      .getByRole('table', { name: 'Voci' })
      .getByRole('row', { name: new RegExp(`${p.entry.staName} \\(${p.entry.staNumber}\\)`) })
      .first();
    await italianRow.waitFor();
    expect(await italianRow.getByTestId('entry-value').textContent()).toContain(formatDe(value));
    await expect.poll(() => italianRow.textContent()).toContain(when.toFormat('dd/MM/yyyy 07:45'));

    await switchLanguage(page, 'en');
    await expect
      .poll(() => page.getByRole('table', { name: 'Entries' }).getByTestId('entry-value').first().textContent())
      .toContain(String(value));
    await switchLanguage(page, 'it');

    // the PDF is asked for in the interface language and prints numbers and dates the Italian way
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/pdf')),
      page.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('lang')).toBe('it');
    // the same request from here: the browser hands the PDF to a new tab, where its bytes are out of reach
    const text = await pdfText(new Uint8Array(await (await fetch(request.url())).arrayBuffer()));
    expect(text).toContain(`Giro di misura: ${round.mrName}`);
    expect(text).toContain(`Valore: ${formatDe(value)}`);
    expect(text).toContain(`Ora: ${when.toFormat('dd/MM/yyyy')} 07:45`);
    expect(text).toContain('Squadra: Huber/Gruber');
    expect(text).toContain('Osservazione sul giro: Föhn, klare Sicht');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the unsent round with its date in the language of the screen', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 2);
    const p = picked[1];
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially('7', { delay: 20 });
    await page.locator('input[data-saved="true"]').first().waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    const unsent = page.getByRole('list', { name: 'Nicht gesendete Runden' });
    await unsent.waitFor();
    expect(await unsent.textContent()).toMatch(new RegExp(`${round.mrName} · \\d{2}\\.\\d{2}\\.\\d{4}`));
    await switchLanguage(page, 'it');
    await expect
      .poll(() => page.getByRole('list', { name: 'Giri non inviati' }).textContent())
      .toMatch(new RegExp(`${round.mrName} · \\d{2}/\\d{2}/\\d{4}`));
    await context.close();
  });
});
