import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { PermissionData } from '../../schemas/api';
import type { Page } from 'playwright-core';
import { api, holdHelpPage, serverAndBrowser, watchErrors } from './harness';

/** The role names the German grid shows (the id is the detail in the legend and the tooltip). */
const ROLE_NAMES: Readonly<Record<string, string>> = {
  HWE_OBSERVE: 'Beobachtung (erfasst Messwerte)',
  HWE_RESPONSIBLE1: 'Entscheidung 1 (Beurteilung)',
  HWE_RESPONSIBLE2: 'Entscheidung 2 (Betrieb)',
};
const cellOf = (page: Page) => (user: string, round: string, role: string) =>
  page.getByRole('checkbox', { name: `${user} ${round} ${ROLE_NAMES[role] ?? role}`, exact: true });

describe('permission matrix (admin)', () => {
  const env = serverAndBrowser('e2e-permissions-');

  it('toggles cells, filters by expression, creates a user, counts the changes, warns before leaving and saves', async () => {
    const server = env.server();
    await server.db.query("insert into app_user (username) values ('olga'), ('rudi')");
    await server.db.query(
      "insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1')",
    );
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    // the local demo user is an admin: the navbar offers the screen, g p opens it
    await page.getByRole('link', { name: 'Berechtigungen' }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.getByRole('heading', { name: 'Berechtigungen' }).waitFor();
    // the double-click selection is said on the page, not only in a tooltip
    await page.getByTestId('select-all-hint').waitFor();
    expect(await page.getByTestId('select-all-hint').textContent()).toContain('Doppelklick');

    const cell = cellOf(page);
    expect(await cell('olga', 'Quellen Kaunertal', 'HWE_OBSERVE').isChecked()).toBe(true);
    await cell('olga', 'Meteo Kaunertal', 'HWE_OBSERVE').check();
    await cell('olga', 'Quellen Kaunertal', 'HWE_OBSERVE').uncheck();
    await expect
      .poll(() => page.getByTestId('permission-changes').textContent())
      .toContain('1 neue Berechtigung, 1 entfernte Berechtigung');

    // filters: an expression narrows rounds and roles; an invalid one is reported next to its field
    const roundFilter = page.getByRole('textbox', { name: 'Messrunden filtern (regulärer Ausdruck)' });
    await roundFilter.pressSequentially('^(Quellen|Meteo)', { delay: 20 });
    expect(await cell('rudi', 'Talsperre Gepatsch Kontrollgang', 'HWE_RESPONSIBLE1').count()).toBe(0);
    expect(await cell('rudi', 'Quellen Kaunertal', 'HWE_OBSERVE').count()).toBe(1);
    await page
      .getByRole('textbox', { name: 'Rollen filtern (regulärer Ausdruck)' })
      .pressSequentially('RESPONSIBLE[', { delay: 20 });
    // a sentence, not the engine's text (that stays in the tooltip)
    const sentence = page.getByText('Dieser Filter ist kein gültiges Muster');
    await sentence.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid regular expression' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Rollen filtern (regulärer Ausdruck)' }).fill('RESPONSIBLE\\d');
    expect(await cell('rudi', 'Quellen Kaunertal', 'HWE_OBSERVE').count()).toBe(0);
    expect(await cell('rudi', 'Quellen Kaunertal', 'HWE_RESPONSIBLE2').count()).toBe(1);
    await roundFilter.fill('');
    await page.getByRole('textbox', { name: 'Rollen filtern (regulärer Ausdruck)' }).fill('');

    // a new user gets every role of the shown round by a double-click on the user's row header
    await page.getByRole('textbox', { name: 'Neuer Benutzer' }).pressSequentially('berta', { delay: 20 });
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await roundFilter.pressSequentially('Meteo', { delay: 20 });
    await page
      .getByRole('button', { name: 'Angezeigte Rollen von berta in allen angezeigten Messrunden auswählen' })
      .dblclick();
    await roundFilter.fill('');
    for (const role of ['HWE_OBSERVE', 'HWE_RESPONSIBLE1', 'HWE_RESPONSIBLE2'])
      expect(await cell('berta', 'Meteo Kaunertal', role).isChecked()).toBe(true);
    expect(await cell('berta', 'Quellen Kaunertal', 'HWE_OBSERVE').isChecked()).toBe(false);
    // a user's rights removed all at once, after a confirmation naming what goes
    await page.getByRole('button', { name: 'Rechte löschen: rudi' }).click();
    const confirm = page.getByTestId('delete-rights-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('1 Berechtigung von rudi wird entfernt');
    expect(await confirm.textContent()).toContain('Talsperre Gepatsch Kontrollgang');
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    expect(await cell('rudi', 'Talsperre Gepatsch Kontrollgang', 'HWE_RESPONSIBLE1').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Rechte löschen: rudi' }).click();
    await confirm.getByRole('button', { name: 'Rechte löschen' }).click();
    expect(await cell('rudi', 'Talsperre Gepatsch Kontrollgang', 'HWE_RESPONSIBLE1').isChecked()).toBe(false);
    await expect
      .poll(() => page.getByTestId('permission-changes').textContent())
      .toContain('4 neue Berechtigungen, 2 entfernte Berechtigungen, 1 neuer Benutzer');

    // leaving with unsaved changes asks first
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    const dialog = page.getByTestId('unsaved-permissions-dialog');
    await dialog.getByRole('button', { name: 'Bleiben' }).click();
    expect(page.url()).toContain('/permissions');

    await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
    await page.getByTestId('permissions-saved').waitFor();
    expect(await page.getByTestId('permissions-saved').textContent()).toContain('Berechtigungen gespeichert');
    await expect
      .poll(() => page.getByTestId('permission-changes').textContent())
      .toContain('0 neue Berechtigungen, 0 entfernte Berechtigungen');

    const saved = await api<PermissionData>(server, '/admin/permissions');
    expect(saved.permissions.map((p) => `${p.username} ${p.mrId} ${p.role}`).sort()).toEqual([
      'berta 3 HWE_OBSERVE',
      'berta 3 HWE_RESPONSIBLE1',
      'berta 3 HWE_RESPONSIBLE2',
      'olga 3 HWE_OBSERVE',
    ]);
    expect(saved.users).toEqual(expect.arrayContaining(['berta', 'olga', 'rudi']));
    // nothing left to save: leaving asks nothing
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect.poll(() => page.url()).toContain('/config');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses to save over another admin's changes (409 on a stale ETag) and reloads them on request", async () => {
    const server = env.server();
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/permissions`);
    await page.getByRole('heading', { name: 'Berechtigungen' }).waitFor({ timeout: 20_000 });
    const cell = cellOf(page);
    await cell('rudi', 'Meteo Kaunertal', 'HWE_OBSERVE').check();
    // a second admin saves meanwhile
    await server.db.query("insert into permission (username, mr_id, role) values ('rudi', '2', 'HWE_RESPONSIBLE2')");
    await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
    await page.getByTestId('permissions-save-conflict').waitFor();
    expect(await page.getByTestId('permissions-save-conflict').textContent()).toContain(
      'Eine andere Administratorin oder ein anderer Administrator hat die Berechtigungen geändert',
    );
    expect(await server.db.query("select 1 from permission where username = 'rudi' and mr_id = '3'")).toEqual([]);
    await page.getByRole('button', { name: 'Berechtigungen neu laden' }).click();
    await expect.poll(() => cell('rudi', 'Quellen Kaunertal', 'HWE_RESPONSIBLE2').isChecked()).toBe(true);
    expect(await cell('rudi', 'Meteo Kaunertal', 'HWE_OBSERVE').isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches the last of 300 users by keyboard (rows rendered near the box only), toggles and saves', async () => {
    const server = env.server();
    // a fleet's admin: 300 users, seeded through the permission API as another admin's save
    const many = Array.from({ length: 300 }, (_, i) => `zz-user-${String(i + 1).padStart(3, '0')}`);
    const before = await api<PermissionData>(server, '/admin/permissions');
    const seeded = await fetch(`${server.url}/hwe-api/v2/admin/permissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...before, users: [...new Set([...before.users, ...many])] }),
    });
    expect(seeded.status).toBe(200);
    // dark mode: the windowed grid is checked by axe there
    const context = await env
      .browser()
      .newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/permissions`);
    const grid = page.getByTestId('permission-grid');
    await grid.waitFor({ timeout: 20_000 });
    const others = before.users.filter((u) => !many.includes(u)).length;
    expect(await grid.getByRole('table').getAttribute('aria-rowcount')).toBe(String(others + many.length + 1));
    // windowed: a few dozen rows at most, no "show more"
    expect(await grid.getByRole('row').count()).toBeLessThan(40);
    expect(await page.getByRole('button', { name: 'Mehr Benutzer anzeigen' }).count()).toBe(0);

    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const first = grid.getByRole('checkbox').first();
    await first.focus();
    const label = await focused();
    // the column of the first checkbox: "<user> <round> <role>" without the user (names have no spaces)
    const column = label.slice(label.indexOf(' ') + 1);
    // arrows walk down past the rows rendered at first
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown', { delay: 20 });
    expect(await focused()).toBe(`${many[20 - others] ?? ''} ${column}`);
    // Ctrl+End: the last user, rendered first, then focused
    await page.keyboard.press('Control+End', { delay: 20 });
    await expect.poll(focused).toBe(`zz-user-300 ${column}`);
    await page.keyboard.press('Space', { delay: 20 });
    await page.keyboard.press('ArrowUp', { delay: 20 });
    expect(await focused()).toBe(`zz-user-299 ${column}`);
    expect(await grid.getByRole('checkbox', { name: `zz-user-300 ${column}`, exact: true }).isChecked()).toBe(true);
    // the header row stays on top of the box at the end too
    const header = await grid.locator('thead th').nth(1).boundingBox();
    expect(Math.abs((header?.y ?? -1) - ((await grid.boundingBox())?.y ?? 0))).toBeLessThan(3);
    // rows left out above and below (spacers), row indexes for a screen reader: no serious axe finding
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="permission-grid"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.html.slice(0, 200)}`))).toEqual([]);
    // Ctrl+Home goes back up
    await page.keyboard.press('Control+Home', { delay: 20 });
    await expect.poll(focused).toBe(label);

    await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
    await page.getByTestId('permissions-saved').waitFor();
    const saved = await api<PermissionData>(server, '/admin/permissions');
    expect(saved.permissions.filter((p) => p.username.startsWith('zz-user-'))).toEqual([
      expect.objectContaining({ username: 'zz-user-300' }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the matrix as stored after leaving without saving, also when the page was still drawn', async () => {
    const server = env.server();
    await server.db.query("insert into app_user (username) values ('hanna') on conflict do nothing");
    await server.db.query(
      "insert into permission (username, mr_id, role) values ('hanna', '2', 'HWE_OBSERVE') on conflict do nothing",
    );
    const context = await env.browser().newContext({ locale: 'de-DE', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // the help page's code is held, so the permissions page stays drawn after "leave without saving" (a slow phone)
    const help = await holdHelpPage(page);
    await page.goto(`${server.url}/permissions`);
    const cell = cellOf(page)('hanna', 'Quellen Kaunertal', 'HWE_OBSERVE');
    await cell.waitFor({ timeout: 20_000 });
    await cell.uncheck();
    await expect.poll(() => page.getByTestId('permission-changes').textContent()).toContain('1 entfernte Berechtigung');
    await page.getByRole('link', { name: 'Hilfe' }).click();
    const leave = page.getByTestId('unsaved-permissions-dialog');
    await leave.getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    // straight back while the page is still drawn: the unsaved removal went with the leave
    await page.getByRole('link', { name: 'Berechtigungen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/permissions');
    help.release();
    await expect.poll(() => cell.isChecked()).toBe(true);
    expect(await page.getByTestId('permission-changes').textContent()).toContain(
      '0 neue Berechtigungen, 0 entfernte Berechtigungen',
    );
    // nothing unsaved now: leaving asks nothing
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/config');
    expect(await leave.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a loading error of the permissions', async () => {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.route('**/hwe-api/v2/admin/permissions', (route) =>
      route.fulfill({ status: 500, body: 'database down' }),
    );
    await page.goto(`${env.server().url}/permissions`);
    await page.getByTestId('permissions-load-error').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('permissions-load-error').textContent()).toContain(
      'Fehler beim Laden der Berechtigungen',
    );
    await context.close();
  });
});
