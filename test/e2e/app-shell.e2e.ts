import { testToday } from '../support/dates';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import {
  ANDROID_PHONE,
  openNavLink,
  serverAndBrowser,
  submitRound,
  tableUrl,
  waitForServiceWorker,
  watchErrors,
} from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { gotoTable, pickOtherRound, sharedDevice } from './visits';

const today = testToday();

describe('app shell', () => {
  const env = serverAndBrowser('e2e-shell-');
  // The titles, offline, unsent-warning and config tests share one device (one first visit), in that order: the
  // offline test sends the first round, so the warning test types into another; the config test, which leaves the
  // user's language choice on the device, comes last. First visits, the missing chunk and the phone keep their own.
  const device = sharedDevice(env.browser);

  it('keeps "Archiv" in its place in the navbar while the links that need data appear', async () => {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    // where "Archiv" is at every frame from its first appearance until "Dokumente" is there
    await page.addInitScript(() => {
      const w = window as unknown as { archiveXs: number[] };
      w.archiveXs = [];
      const watch = () => {
        const link = [...document.querySelectorAll('header a')].find((a) => a.textContent === 'Archiv');
        if (link) w.archiveXs.push(Math.round(link.getBoundingClientRect().left));
        if (!document.querySelector('header a[href$="/documents"]')) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    // the documents' list answers late, as on a slow link: "Dokumente" appears after "Archiv"
    await page.route('**/measure-documents*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${env.server().url}/`);
    await page.locator('header a[href$="/operator"]').waitFor({ timeout: 30_000 });
    await page.locator('header a[href$="/documents"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const xs = await page.evaluate(() => (window as unknown as { archiveXs: number[] }).archiveXs);
    expect(xs.length).toBeGreaterThan(0);
    expect(new Set(xs).size).toBe(1);
    await context.close();
  });

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

  // each of the scripts the start loads apart from the entry: the frame's, the database's, React's renderer
  it.each(['Shell', 'data', 'react-dom'])(
    'says the app did not load completely (not that the database failed) when the %s code is missing, and reloads',
    async (chunk) => {
      const context = await env.browser().newContext({ locale: 'de-DE' });
      const page = await context.newPage();
      // a deploy removed the chunk before this browser had it (first visit: no service worker yet)
      const missing = new RegExp(`/assets/${chunk}-[^/]+\\.js$`);
      await context.route(missing, (route) => route.abort());
      await page.goto(`${env.server().url}/?date=${today}`);
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toContain('Die App konnte nicht vollständig geladen werden');
      expect(await alert.textContent()).not.toContain('Datenbank');
      await context.unroute(missing);
      await alert.getByRole('button', { name: /Neu laden/ }).click();
      await page.getByRole('banner').waitFor({ timeout: 30_000 });
      await context.close();
    },
  );

  it('titles every page with its parts joined by a bullet and shows the legal pages', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    const { page } = await device();
    await gotoTable(page, env.server(), round.mrName);
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
  });

  it('shows offline, the round waiting to be sent, and all sent once the network is back', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const { context, page } = await device();
    await gotoTable(page, env.server(), round.mrName);
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
  });

  it('warns with one action when a round has waited on the device longer than the configured days', async () => {
    const server = env.server();
    // not the round the offline test sent on this device
    const { round: sent } = await pickNumericEntries(server, 1);
    const { round, picked: p } = await pickOtherRound(server, [sent.mrName]);
    // every unsent round counts as "too long" with a limit below zero days
    await server.db.query(
      `update reference_data set data = data || '{"unsentWarningDays":-1}'::jsonb where key = 'config'`,
    );
    try {
      const { page } = await device();
      await gotoTable(page, server, round.mrName);
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
    } finally {
      await server.db.query(`update reference_data set data = data - 'unsentWarningDays' where key = 'config'`);
    }
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
      const { page } = await device();
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
    } finally {
      await server.db.query(
        `update reference_data set data = data - 'locale' - 'globalAlert' - 'title' where key = 'config'`,
      );
    }
  });

  it('on a phone the office navbar is one line; its menu opens by touch and keyboard and closes after a link, on Escape and outside', async () => {
    const context = await env.browser().newContext(ANDROID_PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/?date=${today}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    const header = page.getByRole('banner');
    const menu = header.getByTestId('nav-menu');
    const summary = menu.locator('summary');
    const isOpen = async () => (await menu.getAttribute('open')) !== null;
    // one line: the 44 px targets plus padding, where the office links used to wrap to a second and third
    for (const path of ['/', '/archive']) {
      if (path !== '/') await page.goto(`${env.server().url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      expect((await header.boundingBox())?.height ?? 999).toBeLessThan(64);
      expect(await header.getByRole('link', { name: 'Archiv' }).isVisible()).toBe(false);
    }
    await page.goto(`${env.server().url}/?date=${today}`);
    await openNavLink(page, 'Archiv');
    await page.waitForURL(/\/archive$/);
    expect(await isOpen()).toBe(false);
    // a link to the page already shown changes no route, and closes the menu all the same
    await openNavLink(page, 'Archiv');
    await expect.poll(isOpen).toBe(false);
    // keyboard: Enter opens, Tab goes into it, Escape closes and gives the focus back to the button
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(isOpen).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await menu.evaluate((m) => (m.contains(document.activeElement) ? document.activeElement?.tagName : null)),
    ).toBe('SELECT');
    // open, its links and controls are as accessible as the navbar's were inline
    const axe = await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
    expect(await summary.evaluate((s) => s === document.activeElement)).toBe(true);
    // a tap outside closes it too (on main's padding: nothing there to follow)
    await summary.click();
    await expect.poll(isOpen).toBe(true);
    await page.locator('main').click({ position: { x: 2, y: 2 } });
    await expect.poll(isOpen).toBe(false);
    // the shortcuts do not need the menu
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
