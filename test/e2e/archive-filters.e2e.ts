import { describe, expect, it } from 'vitest';
import { holdHelpPage, holdPageCode, serverAndBrowser, watchErrors, type TestServer } from './harness';

/** A submission posted as another device would, so the archive has rounds in different states. */
async function post(
  server: TestServer,
  mrId: string,
  entry: { tsId: string; staNumber: string; value: number },
): Promise<string> {
  const instanceId = crypto.randomUUID();
  const dt = new Date(Date.now() - 3_600_000).toISOString();
  const res = await fetch(`${server.url}/hwe-api/v2/measure-round/${mrId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId, creationTime: dt, mrTeam: `Team ${mrId}`, entries: [{ ...entry, dt }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return instanceId;
}

describe('archive filters and report', () => {
  const env = serverAndBrowser('e2e-archive-filters-');

  it('filters by state and group, keeps the filters when coming back, and reports two rounds at once', async () => {
    const server = env.server();
    // an incident needs decision 1; a plain reading is completed at once
    await post(server, '1', { tsId: '2104-ZU', staNumber: '2104', value: 2 });
    await post(server, '2', { tsId: '3001-WT', staNumber: '3001', value: 6.5 });
    // without the service worker, so the report's code can be held below (the worker would serve it past the route)
    const context = await env.browser().newContext({ locale: 'de-DE', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const reportCode = await holdPageCode(page, 'ArchiveReport');
    await page.goto(`${server.url}/archive`);
    const rows = page.getByRole('table', { name: 'Abgeschlossene Messrunden' }).getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3); // header and two rounds

    const filters = page.getByRole('search');
    await filters.getByRole('combobox').nth(1).selectOption('completed');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Abgeschlossene Messrunden' }).textContent()).toContain(
      'Quellen Kaunertal',
    );
    await filters.getByRole('combobox').nth(1).selectOption('awaitingDecision1');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Abgeschlossene Messrunden' }).textContent()).toContain(
      'Talsperre Gepatsch Kontrollgang',
    );

    // the filter survives a visit to another page
    await page.getByRole('link', { name: 'Hilfe' }).click();
    await page.getByRole('link', { name: 'Archiv' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await filters.getByRole('combobox').nth(1).inputValue()).toBe('awaitingDecision1');

    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('checkbox', { name: /Talsperre Gepatsch Kontrollgang/ }).check();
    await page.getByRole('checkbox', { name: /Quellen Kaunertal/ }).check();
    await page.getByRole('link', { name: 'Bericht über 2 ausgewählte Runden' }).click();
    // the address changes at once, while the list stays drawn until the report's code is there (a failed run on
    // 6 Dec read the list's names as the report's, then found the report still loading its rounds)
    await expect.poll(() => page.url()).toContain('/archive/report/');
    expect(await page.getByRole('table', { name: 'Abgeschlossene Messrunden' }).isVisible()).toBe(true);
    reportCode.release();
    const rounds = page.getByTestId('report-round');
    await expect.poll(() => rounds.count(), { timeout: 20_000 }).toBe(2);
    const names = rounds.getByRole('heading', { level: 2 });
    await expect
      .poll(async () => (await names.allTextContents()).sort())
      .toEqual(['Quellen Kaunertal', 'Talsperre Gepatsch Kontrollgang']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the filters when the navbar brings the list back before the page in between was drawn', async () => {
    const server = env.server();
    await post(server, '1', { tsId: '2104-ZU', staNumber: '2104', value: 2 });
    await post(server, '2', { tsId: '3001-WT', staNumber: '3001', value: 7.5 });
    // the help page's code is held, so its navigation is still pending when the archive is asked for again (as on a
    // busy phone): the list was then never left, and a restore on its arrival never ran (a failed run on 6 Dec)
    const context = await env.browser().newContext({ locale: 'de-DE', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const help = await holdHelpPage(page);
    await page.goto(`${server.url}/archive`);
    const rows = page.getByRole('table', { name: 'Abgeschlossene Messrunden' }).getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    const all = await rows.count();
    const state = page.getByRole('search').getByRole('combobox').nth(1);
    await state.selectOption('awaitingDecision1');
    await expect.poll(() => rows.count()).toBeLessThan(all);
    const filtered = await rows.count();

    await page.getByRole('link', { name: 'Hilfe' }).click();
    await page.getByRole('link', { name: 'Archiv' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('awaitingDecision1');
    expect(await rows.count()).toBe(filtered);
    expect(await state.inputValue()).toBe('awaitingDecision1');
    help.release();
    expect(errors).toEqual([]);
    await context.close();
  });
});
