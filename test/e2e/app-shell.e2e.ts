import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound, tableUrl, waitForServiceWorker, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = new Date().toISOString().slice(0, 10);

describe('app shell', () => {
  const env = serverAndBrowser('e2e-shell-');

  it('starts and opens a table without a single failed request', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${env.server().url}/?date=${today}`);
    await page.getByRole('link', { name: new RegExp(round.mrName) }).click();
    await page.locator('input[data-value-input]').first().waitFor();
    // the leader's first pull (rounds, history, maps, documents) has finished
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-online'), { timeout: 10_000 })
      .toBe('true');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('titles every page with its parts joined by a bullet and shows the legal pages', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    await expect
      .poll(() => page.title(), { timeout: 10_000 })
      .toBe(`${round.mrName} • ${today.split('-').reverse().join('.')} • Messrunden`);
    await page.goto(`${env.server().url}/archive`);
    await expect.poll(() => page.title()).toBe('Archiv • Messrunden');
    for (const [path, heading, title] of [
      ['/changelog', 'Changelog', 'Änderungen • Messrunden'],
      ['/imprint', 'Impressum', 'Impressum • Messrunden'],
      ['/privacyPolicy', 'Datenschutzerklärung', 'Datenschutzerklärung • Messrunden'],
    ] as const) {
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: heading === 'Changelog' ? 'Änderungen' : heading })
        .click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(page.url()).toContain(path);
      await expect.poll(() => page.title()).toBe(title);
    }
    await context.close();
  });

  it('shows offline, the round waiting to be sent, and all sent once the network is back', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    const status = page.getByTestId('sync-status');
    // the round must be on the device before the network goes: wait for its table, not just the status
    const field = page.getByRole('textbox', { name: p.label, exact: true });
    await field.waitFor({ timeout: 60_000 });
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain('Alles gesendet');
    await context.setOffline(true);
    await expect.poll(() => status.textContent()).toContain('Offline');
    await field.pressSequentially(formatDe(p.good), { delay: 20 });
    await page.locator('input[data-saved="true"]').waitFor();
    await submitRound(page);
    await expect.poll(() => status.getAttribute('data-waiting')).toBe('1');
    await status.click();
    const details = page.getByRole('dialog', { name: 'Synchronisationsstatus' });
    expect(await details.textContent()).toContain('1 Runde wartet auf das Senden.');
    await page.keyboard.press('Escape');
    await context.setOffline(false);
    await expect.poll(() => status.getAttribute('data-waiting'), { timeout: 30_000 }).toBe('0');
    expect(await status.textContent()).toContain('Alles gesendet');
    await context.close();
  });

  it('follows the config: default language, global alert, title in the document and the installed app', async () => {
    const server = env.server();
    const setTitle = (title: object) =>
      server.db.query(`update reference_data set data = data || $1::jsonb where key = 'config'`, [
        JSON.stringify({ title }),
      ]);
    await server.db.query(
      `update reference_data set data = data || '{"locale":"it","globalAlert":{"type":"alert-warning","heading":"Wartung","msg":"Server am Samstag nicht erreichbar"}}'::jsonb where key = 'config'`,
    );
    await setTitle({ de: 'Pegelrunden', en: 'Gauge rounds', it: 'Giri di misura' });
    try {
      const context = await env.browser().newContext({ locale: 'de-DE' });
      const page = await context.newPage();
      await page.goto(tableUrl(server, 'x').replace(/\/stations\/.*/, '/'));
      await page.getByTestId('global-alert').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('global-alert').textContent()).toContain('Server am Samstag nicht erreichbar');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('it');
      await expect.poll(() => page.title()).toMatch(/Giri di misura$/);
      // a language the user picks wins over the config's default, also after a reload
      await page.getByLabel('Lingua').selectOption('en');
      await page.reload();
      await page.getByTestId('global-alert').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expect.poll(() => page.title()).toMatch(/Gauge rounds$/);

      // the installed app's name: the title in the config's language, fetched through the service worker,
      // which must not answer with a copy from the build or from before the title changed
      await waitForServiceWorker(page);
      const installedName = () =>
        page.evaluate(async () => ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name);
      expect(await installedName()).toBe('Giri di misura');
      await setTitle({ it: 'Giri idrologici' });
      expect(await installedName()).toBe('Giri idrologici');
      await context.close();
    } finally {
      await server.db.query(
        `update reference_data set data = data - 'locale' - 'globalAlert' - 'title' where key = 'config'`,
      );
    }
  });

  it('warns with one action when a round has waited on the device longer than the configured days', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    // every unsent round counts as "too long" with a limit below zero days
    await server.db.query(
      `update reference_data set data = data || '{"unsentWarningDays":-1}'::jsonb where key = 'config'`,
    );
    try {
      const { context, page } = await openTable(env.browser(), server, round.mrName);
      await page
        .getByRole('textbox', { name: p.label, exact: true })
        .pressSequentially(formatDe(p.good), { delay: 20 });
      await page.locator('input[data-saved="true"]').waitFor();
      await page.goto(`${server.url}/`);
      const warning = page.getByTestId('durability-warning');
      await warning.waitFor({ timeout: 15_000 });
      expect(await warning.textContent()).toContain(round.mrName);
      await warning.getByRole('link', { name: 'Zum Senden öffnen' }).click();
      await expect.poll(() => page.url()).toContain('/stations/');
      await context.close();
    } finally {
      await server.db.query(`update reference_data set data = data - 'unsentWarningDays' where key = 'config'`);
    }
  });
});
