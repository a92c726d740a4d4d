import { testToday } from '../support/dates';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWithChangedJson, serverAndBrowser, watchErrors } from './harness';

const today = testToday();
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const OBSERVE = 'Beobachtung (erfasst Messwerte)';
const DECISION1 = 'Entscheidung 1 (Beurteilung)';
// more users than the grid's box holds: only those near it are rendered
const USERS = Array.from({ length: 55 }, (_, i) => `user${String(i + 1).padStart(2, '0')}`);

/** The server's config with changes, as if the operator had set them. */
async function withConfig(context: BrowserContext, change: Record<string, unknown>) {
  await context.route('**/hwe-api/v2/config', (route) =>
    answerWithChangedJson<Record<string, unknown>>(route, (json) => ({ ...json, ...change })),
  );
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} not visible`);
  return b;
};

/** Issue 24 item 7: the admin's grid and the first screen, on a phone and on a desktop. */
describe('admin and first visit', () => {
  const env = serverAndBrowser('e2e-admin-first-');
  beforeAll(async () => {
    const values = ['olga', 'rudi', ...USERS].map((u) => `('${u}')`).join(', ');
    await env.server().db.query(`insert into app_user (username) values ${values}`);
    await env
      .server()
      .db.query(
        "insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1')",
      );
  });

  for (const viewport of VIEWPORTS) {
    it(`round cards say office or field, the grid has sticky headers, arrow keys and windowed rows (${viewport.name})`, async () => {
      const context = await env
        .browser()
        .newContext({ viewport, locale: 'de-DE', hasTouch: viewport.name === 'phone' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${env.server().url}/?date=${today}`);
      // the office table is a button-styled primary link, taking offline the secondary button after it
      const open = page.getByRole('link', { name: 'Tabelle öffnen (Büro): Quellen Kaunertal' });
      await open.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('round-actions-hint').textContent()).toContain('Büro: jetzt in der Tabelle');
      expect(await page.getByRole('link', { name: 'Meteo-Eingabe öffnen: Meteo Kaunertal' }).count()).toBe(1);
      const card = page.getByRole('listitem').filter({ has: open });
      expect(await card.locator('a, button').allTextContents()).toEqual([
        'Tabelle öffnen (Büro)',
        'Offline nehmen (für den Außendienst)',
      ]);
      expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await open.click();
      await expect
        .poll(() => decodeURIComponent(page.url()), { timeout: 10_000 })
        .toContain(`/stations/Quellen Kaunertal/${today}`);

      await page.goto(`${env.server().url}/permissions`);
      const grid = page.getByTestId('permission-grid');
      await grid.waitFor({ timeout: 30_000 });
      // role names in the language with the id as the detail
      const legend = await page.getByTestId('role-legend').textContent();
      expect(legend).toContain(`${DECISION1} HWE_RESPONSIBLE1`);
      expect(
        await page.getByRole('checkbox', { name: `rudi Talsperre Gepatsch Kontrollgang ${DECISION1}` }).isChecked(),
      ).toBe(true);
      // windowed: only the users near the box are rendered, the table tells a screen reader how many there are
      expect(await grid.getByRole('row').count()).toBeLessThan(USERS.length);
      expect(await grid.getByRole('table').getAttribute('aria-rowcount')).toBe(String(USERS.length + 3));
      expect(await page.getByRole('button', { name: 'Mehr Benutzer anzeigen' }).count()).toBe(0);

      // arrow keys walk the checkboxes: right to the next role, down to the next user
      const first = page.getByRole('checkbox', { name: `olga Meteo Kaunertal ${OBSERVE}`, exact: true });
      await first.focus();
      await page.keyboard.press('ArrowRight');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(await focused()).toBe(`olga Meteo Kaunertal ${DECISION1}`);
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toMatch(
        new RegExp(`^(?!olga ).+ Meteo Kaunertal ${DECISION1.replace(/[()]/g, '\\$&')}$`),
      );

      // the header row and the user column stay in view while the grid scrolls
      const regionTop = (await grid.boundingBox())?.y ?? 0;
      await grid.evaluate((el) => el.scrollTo({ top: 600, left: 300 }));
      const header = await box(page, '[data-testid="permission-grid"] thead th:nth-child(2)');
      expect(Math.abs(header.y - regionTop)).toBeLessThan(3);
      const userHeader = await grid.getByRole('rowheader').nth(2).boundingBox();
      expect(Math.abs((userHeader?.x ?? -1) - ((await grid.boundingBox())?.x ?? 0))).toBeLessThan(3);
      // scrolled to the end, the last user is there
      await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await grid
        .getByRole('rowheader')
        .filter({ hasText: USERS.at(-1) })
        .waitFor();
      await grid.evaluate((el) => el.scrollTo({ top: 0, left: 0 }));

      // the destructive action does not look like the safe ones
      const danger = page.getByRole('button', { name: 'Rechte löschen: olga' });
      const safe = page.getByRole('button', { name: 'Benutzer anlegen' });
      const color = (l: typeof danger) => l.evaluate((el) => getComputedStyle(el).color);
      expect(await color(danger)).not.toBe(await color(safe));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the brand follows the configuration and the language; /permissions explains itself to a logged-out user and a non-admin', async () => {
    const server = env.server();
    let context = await env.browser().newContext({ locale: 'de-DE' });
    let page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Messrunden: Start: Gruppe wählen' }).waitFor({ timeout: 30_000 });
    await page.locator('#locale-select').selectOption('en');
    await page.getByRole('link', { name: 'Measure rounds: Home: choose a group' }).waitFor();
    await page.locator('#locale-select').selectOption('it');
    await page.getByRole('link', { name: 'Giri di misura: Home: scegli un gruppo' }).waitFor();
    await context.close();

    // a non-admin (no identity provider) learns who may use the page; the operator's title in the language
    context = await env.browser().newContext({ locale: 'de-DE' });
    await withConfig(context, { title: { de: 'Pegelrunden', en: 'Gauge rounds' } });
    await context.route('**/hwe-api/v2/info', (route) =>
      answerWithChangedJson<Record<string, unknown>>(route, (json) => ({ ...json, isAdmin: false, username: 'olga' })),
    );
    page = await context.newPage();
    await page.goto(`${server.url}/permissions`);
    await page.getByTestId('permissions-not-admin').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('permissions-not-admin').textContent()).toContain('Sie sind als olga');
    expect(await page.getByTestId('permissions-intro').textContent()).toContain('Hier legen');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Berechtigungen • Pegelrunden');
    await context.close();

    // identity provider on, no session: the page says what it is for and offers the login. The provider is played
    // by the browser (the server knows none): its policy, which lets only its own provider into frames, is off.
    context = await env.browser().newContext({ locale: 'de-DE', bypassCSP: true });
    const idp = 'https://idp.example.test';
    await withConfig(context, { keycloak: { url: idp, realm: 'hydro', clientId: 'rounds-app' } });
    // the provider lets its cookies into frames (keycloak's check) and answers the silent session check with
    // "no session" (as keycloak does with prompt=none)
    let checked = false;
    await context.route(`${idp}/**`, async (route) => {
      const url = new URL(route.request().url());
      const back = url.searchParams.get('redirect_uri');
      checked ||= url.pathname.endsWith('/protocol/openid-connect/auth');
      if (url.pathname.endsWith('/3p-cookies/step1.html'))
        return route.fulfill({
          contentType: 'text/html',
          body: "<!DOCTYPE html><script>parent.postMessage('supported', '*')</script>",
        });
      if (url.pathname.endsWith('/protocol/openid-connect/auth') && back)
        return route.fulfill({
          status: 302,
          headers: { location: `${back}#error=login_required&state=${url.searchParams.get('state') ?? ''}` },
        });
      return route.fulfill({ status: 404, body: '' });
    });
    // the user came back from the login page without logging in: no second automatic trip there
    await context.addInitScript(() => sessionStorage.setItem('hydrorounds.loginTriedFor', '/permissions'));
    page = await context.newPage();
    await page.goto(`${server.url}/permissions`);
    // once the provider answered, still on the page opened
    await expect.poll(() => checked, { timeout: 30_000 }).toBe(true);
    await page.waitForURL(/\/permissions$/, { timeout: 30_000 });
    const login = page.getByTestId('permissions-login');
    await login.waitFor({ timeout: 30_000 });
    expect(await login.textContent()).toContain('Melden Sie sich mit einem Administratorkonto an');
    expect(await login.getByRole('button', { name: 'Anmelden' }).isVisible()).toBe(true);
    expect(await page.getByTestId('permission-grid').count()).toBe(0);
    // the general hint would only repeat it
    expect(await page.getByTestId('login-needed').count()).toBe(0);
    await context.close();
  });
});
