import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

describe('archive', () => {
  // the full browser: the PDF opens in its viewer (the headless shell shows a blob PDF nowhere)
  const env = serverAndBrowser('e2e-archive-', { fullBrowser: true });

  it('lists a submission with its state, shows its entries and opens its PDF', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page, errors } = await openTable(env.browser(), env.server(), round.mrName);
    await page.getByRole('textbox', { name: p.label, exact: true }).fill(formatDe(p.good));
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Archiv' }).click();
    const row = page.getByRole('row', { name: new RegExp(round.mrName) });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('round-state').textContent()).toBe('abgeschlossen');
    await row.getByRole('link', { name: round.mrName }).click();
    await page
      .getByRole('cell', { name: `${p.entry.staName} (${p.entry.staNumber}) · ${p.entry.tsParameter}` })
      .waitFor();
    expect(await page.getByRole('table', { name: 'Einträge' }).textContent()).toContain(formatDe(p.good));

    const [pdf] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'PDF' }).click()]);
    // the new tab may be announced before it has its address
    await expect.poll(() => pdf.url()).toMatch(/^blob:/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
