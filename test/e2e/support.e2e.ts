import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

describe('support view of the local data', () => {
  const env = serverAndBrowser('e2e-support-');

  it('shows the unsent round and exports the local data with the typed value', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName, { locale: 'de-DE', acceptDownloads: true });
    await page.getByRole('textbox', { name: p.label, exact: true }).fill(formatDe(p.good));
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Hilfe' }).click();
    await page.getByRole('heading', { name: 'Daten auf diesem Gerät' }).waitFor();
    await expect.poll(() => page.getByTestId('count-offlineInstances').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await page.getByRole('list', { name: 'Noch nicht gesendete Runden' }).textContent()).toContain(round.mrName);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lokale Daten für den Support exportieren' }).click()]);
    // drafts live in their own collection (one document per entry), exported beside the instances
    const dump = JSON.parse(readFileSync(await download.path(), 'utf8')) as { offlineInstances: { instanceId: string }[]; drafts: { instanceId: string; tsId: string; text: string }[] };
    expect(dump.drafts).toEqual([expect.objectContaining({ instanceId: dump.offlineInstances[0]?.instanceId, tsId: p.entry.tsId, text: formatDe(p.good) })]);
    await context.close();
  });
});
