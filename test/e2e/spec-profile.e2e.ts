import { testToday } from '../support/dates';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { HistoricValueList, PermissionData } from '../../schemas/api';
import { formatDate } from '../../src/domain/locale-format';
import { api, countRoundPosts, serverAndBrowser, submitRound, tableUrl, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';
import { testEndpoint } from '../../server/http/faults';
import { addPhoto, jpeg } from './photo';

// The main journeys against a server that speaks only the specification (API_PROFILE=spec, docs/server.md):
// no roles in GET /info, no product in the config, no /sync-state, no archive paging, empty POST answers.
const ROUND = 'Talsperre Gepatsch Kontrollgang';
const SLOPE_ROW = 'Luftseitige Böschung 2104 ZU';
const SLOPE = 'Luftseitige Böschung (2104) · ZU';
const DESKTOP = { locale: 'de-DE', viewport: { width: 1280, height: 800 } };

describe('the app against a spec-only server (API_PROFILE=spec), identity provider off', () => {
  const env = serverAndBrowser('e2e-spec-profile-', { apiProfile: 'spec' });

  it('submits a table with an incident and a photo once; the archive shows it and both decision stages are decided', async () => {
    const server = env.server();
    expect(await api<object>(server, '/info')).not.toHaveProperty('roles');
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p || round.mrName !== ROUND) throw new Error(`a numeric entry of ${ROUND} expected`);
    const context = await env.browser().newContext(DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(tableUrl(server, ROUND));
    await page
      .getByRole('textbox', { name: p.label, exact: true })
      .pressSequentially(formatDe(p.good), { delay: 20, timeout: 60_000 });
    const photo = await jpeg(800, 600, '#557799');
    await addPhoto(page, p, photo);
    const slope = page.getByRole('radiogroup', { name: SLOPE_ROW, exact: true });
    await slope.getByRole('radio', { name: /Ereignis/ }).click();
    await expect.poll(() => slope.getByRole('radio', { name: /Ereignis/ }).getAttribute('aria-checked')).toBe('true');
    await page
      .getByRole('combobox', { name: `${SLOPE_ROW} Bemerkung`, exact: true })
      .pressSequentially('Riss', { delay: 20 });
    await submitRound(page);
    // the empty answer of POST /measure-round is a success: sent once, not again and again
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    expect(await countRoundPosts(server)).toBe(1);
    const [row, ...more] = await server.db.query<{ instance_id: string; state: string }>(
      'select instance_id, state from submission',
    );
    expect(more).toHaveLength(0);
    expect(row?.state).toBe('submitted');
    expect(await server.db.query('select image_id from image')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();

    // a fresh device: the whole archive comes in one unpaged list; the form is offered (no roles map) and the server decides
    const desk = await env.browser().newContext(DESKTOP);
    const office = await desk.newPage();
    const officeErrors = watchErrors(office);
    await office.goto(`${server.url}/archive`);
    const listed = office
      .getByRole('table', { name: 'Abgeschlossene Messrunden' })
      .getByRole('row')
      .filter({ has: office.getByRole('link', { name: ROUND }) });
    // without the roles map the list marks the open stage as the form offers it, with the open incidents
    await listed.getByTestId('awaiting-my-decision').waitFor({ timeout: 60_000 });
    expect(await listed.getByTestId('awaiting-my-decision').textContent()).toBe('Wartet auf Ihre Entscheidung 1');
    expect(await listed.getByTestId('open-incidents').textContent()).toMatch(/^\d+ offenes? Ereignis(se)?$/);
    await listed.getByRole('link', { name: ROUND }).click();
    await office.getByRole('heading', { name: ROUND }).waitFor({ timeout: 30_000 });
    expect(await office.getByTestId('round-state').textContent()).toBe('wartet auf Entscheidung 1');
    const form = office.getByTestId('decision-form');
    await form
      .getByRole('radiogroup', { name: `Entscheidung zu ${SLOPE}` })
      .getByRole('radio', { name: 'sofort beheben' })
      .click({ timeout: 30_000 });
    await form.getByRole('textbox', { name: 'Team der Entscheidung' }).pressSequentially('Wärter Nord', { delay: 20 });
    // without the roles map the app cannot know the user's role: a server refusing (403) is said in words
    await testEndpoint(server, 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/completed-measure-round/', status: 403, times: 1 }),
    });
    await form.getByRole('button', { name: 'Beurteilung erfassen' }).click();
    // the refusal is remembered on the device: the round is read-only with why, the list no longer marks it
    const refused = office.getByTestId('decision-refused');
    await refused
      .getByText(
        'Der Server hat Ihre Entscheidung zu dieser Messrunde abgelehnt: Sie haben dafür keine Entscheidungsrolle.',
      )
      .waitFor({ timeout: 30_000 });
    expect(await office.getByTestId('decision-form').count()).toBe(0);
    await office.getByRole('link', { name: 'Zurück zum Archiv' }).click();
    await listed.getByTestId('round-state').waitFor({ timeout: 30_000 });
    expect(await listed.getByTestId('awaiting-my-decision').count()).toBe(0);
    // and after a reload (given the time a mark would take to appear)
    await office.reload();
    await listed.getByTestId('round-state').waitFor({ timeout: 30_000 });
    await office.waitForTimeout(1000);
    expect(await listed.getByTestId('round-state').textContent()).toBe('wartet auf Entscheidung 1');
    expect(await listed.getByTestId('awaiting-my-decision').count()).toBe(0);
    await listed.getByRole('link', { name: ROUND }).click();
    await refused.waitFor({ timeout: 30_000 });
    // "send again" (an administrator granted the role since): the server takes it, which clears the refusal
    await refused.getByRole('button', { name: 'Erneut senden' }).click();
    // the decision POST answers 204: the app reads the round again and moves on to stage 2
    await expect
      .poll(() => office.getByTestId('round-state').textContent(), { timeout: 30_000 })
      .toBe('wartet auf Entscheidung 2');
    const second = office.getByTestId('decision-form');
    await second
      .getByRole('radiogroup', { name: `Entscheidung zu ${SLOPE}` })
      .getByRole('radio', { name: 'Maßnahme erforderlich' })
      .click({ timeout: 30_000 });
    await second.getByRole('textbox', { name: 'Team der Entscheidung' }).pressSequentially('Betrieb', { delay: 20 });
    await second.getByRole('button', { name: 'Beurteilung erfassen' }).click();
    await expect.poll(() => office.getByTestId('round-state').textContent(), { timeout: 30_000 }).toBe('abgeschlossen');
    const [decided] = await server.db.query<{ state: string; decision1_team: string; decision2_team: string }>(
      'select state, decision1_team, decision2_team from submission where instance_id = $1',
      [row?.instance_id],
    );
    expect(decided).toEqual({ state: 'completed', decision1_team: 'Wärter Nord', decision2_team: 'Betrieb' });
    expect(await office.getByTestId('fact-decision2').textContent()).toContain('Betrieb');
    expect(officeErrors).toEqual([]);
    await desk.close();
  });

  it('lists the documents, transfers a meteo month and sends a tour taken offline', async () => {
    const server = env.server();
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const today = testToday();
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: 'Dokumente' }).click({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Allgemeine Dokumente' }).getByText('Messanleitung.txt').waitFor();

    // meteo: one value of the previous month, transferred; the empty answer counts as sent
    const month = DateTime.fromISO(today).minus({ months: 1 }).startOf('month');
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: /Meteo Kaunertal/ }).click();
    await page.getByRole('link', { name: 'Vorheriger Monat' }).click();
    const n1 = page.getByRole('textbox', {
      name: `Feichten 4001 N ${formatDate(month.toISODate() ?? '', 'de')}`,
      exact: true,
    });
    await n1.pressSequentially('1,5', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.locator('input[data-saved="true"]').first().waitFor();
    await page.getByRole('button', { name: 'Monat übertragen' }).click();
    await page.getByTestId('meteo-transfer-dialog').getByRole('button', { name: 'Übertragen' }).click();
    await page.getByTestId('meteo-sent').waitFor({ timeout: 30_000 });
    const { values } = await api<HistoricValueList>(server, '/timeseries-values?tsId=4001-N');
    expect(values.filter((v) => v.dt.startsWith(month.toISODate() ?? '') && v.instanceId).map((v) => v.value)).toEqual([
      1.5,
    ]);

    // a tour in mode 2: taken offline with a team, one value typed at a station, sent from the overview
    const { picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    await page.goto(`${server.url}/config`);
    await page.getByRole('radio', { name: /^Außendienst/ }).check();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByTestId('settings-notice').waitFor();
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('button', { name: `${ROUND} offline nehmen` }).click({ timeout: 30_000 });
    const dialog = page.getByTestId('store-tour-dialog');
    await dialog.getByLabel('Team').pressSequentially('Team Süd', { delay: 20 });
    await dialog.getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor();
    await page.locator(`li[data-station="${p.entry.staNumber}"] button`).click();
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 20 });
    await page.locator(`[data-tsid="${p.entry.tsId}"] input[data-saved="true"]`).first().waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Übersicht' }).click();
    const posts = await countRoundPosts(server);
    await submitRound(page);
    await page.getByTestId('tour-sent').waitFor({ timeout: 30_000 });
    expect(await countRoundPosts(server)).toBe(posts + 1);
    const [tour] = await server.db.query<{ mr_team: string }>('select mr_team from submission where instance_id = $1', [
      instanceId,
    ]);
    expect(tour?.mr_team).toBe('Team Süd');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the admin save permissions (the POST answer is empty)', async () => {
    const server = env.server();
    await server.db.query("insert into app_user (username) values ('olga') on conflict do nothing");
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/permissions`);
    await page
      .getByRole('checkbox', { name: 'olga Meteo Kaunertal Beobachtung (erfasst Messwerte)', exact: true })
      .check({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
    await page.getByTestId('permissions-saved').waitFor({ timeout: 30_000 });
    const saved = await api<PermissionData>(server, '/admin/permissions');
    expect(saved.permissions.map((x) => `${x.username} ${x.mrId} ${x.role}`)).toContain('olga 3 HWE_OBSERVE');
    expect(errors).toEqual([]);
    await context.close();
  });
});
