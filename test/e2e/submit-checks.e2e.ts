import { testDaysAgo, testToday } from '../support/dates';
import { formatCalendarDate } from '../../src/domain/zoned-time';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoricValueList } from '../../schemas/api';
import { copyLotL1, keepDeviceUnit, typeTwoValuesAtOneTime, typeValue } from './duplicate-time';
import { api, countRoundPosts, serverAndBrowser, submitRound, watchErrors, type TestServer } from './harness';
import { pinWallClock } from './wall-clock';

const DAM = 'Talsperre Gepatsch Kontrollgang';
const SPRINGS = 'Quellen Kaunertal';
const today = testToday();

/** nothing implausible or mis-dated leaves the device without the prompts of §5 and §8. */
describe('checks and prompts before a round is sent', () => {
  const env = serverAndBrowser('e2e-submit-checks-');

  async function open(round: string, date = today, init?: (page: Page) => Promise<void>) {
    const context = await env.browser().newContext({ locale: 'de-DE' });
    // the prompts asserted here come at any hour: readings at the default 12:00 lie in the past (wall-clock.ts)
    await pinWallClock(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await init?.(page);
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(round)}/${date}`);
    await page.getByRole('button', { name: 'Absenden', exact: true }).waitFor();
    return { context, page, errors };
  }
  // One device for the tests whose rounds (round and date) no other test on it opens: each goes to its table as a
  // user opening another round (a page load, not a first visit each). The others, which share a round or need a
  // script before the first page, keep a device of their own.
  let shared: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  afterAll(async () => {
    await shared?.context.close();
  });
  async function openShared(round: string, date = today): Promise<{ page: Page; errors: string[] }> {
    if (!shared) shared = await open(round, date);
    else {
      await shared.page.goto(`${env.server().url}/stations/${encodeURIComponent(round)}/${date}`);
      await shared.page.getByRole('button', { name: 'Absenden', exact: true }).waitFor();
    }
    shared.errors.length = 0; // each test answers for the page errors of its own visit
    return { page: shared.page, errors: shared.errors };
  }
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
  async function type(page: Page, label: string, text: string) {
    await field(page, label).click();
    await field(page, label).pressSequentially(text, { delay: 20 });
    await expect.poll(() => field(page, label).getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
  }
  const submitted = async (server: TestServer) =>
    (
      await server.db.query<{
        body: {
          mrTeam?: string;
          mrRemark?: string;
          entries: { tsId: string; value?: number; dt: string; tsRemark?: { text?: string } }[];
        };
      }>('select body from submission')
    ).map((r) => r.body);

  it('refuses a round dated in the future, with the error next to the date', async () => {
    // seven weeks ahead of the runner's today (a fixed date was the past once the clock passed it: the DST run)
    const future = testDaysAgo(-49);
    const { page, errors } = await openShared(SPRINGS, future);
    expect(await page.getByTestId('round-date-problem').textContent()).toBe('Das Datum liegt in der Zukunft.');
    await type(page, 'Quelle Fissladalm 3001 WT', '5,5');
    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    await page.getByTestId('submit-problems').waitFor();
    expect(await page.getByTestId('submit-problems').textContent()).toContain(
      `${formatCalendarDate(future, 'de')} liegt in der Zukunft`,
    );
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await countRoundPosts(env.server())).toBe(before);
    expect(errors).toEqual([]);
  });

  it('validates the post against its schema before queueing and names the field', async () => {
    const { page, errors } = await openShared(SPRINGS);
    await type(page, 'Quelle Platzalm 3003 WT', '4');
    // a pasted team list longer than the post allows (200 characters)
    await page.getByRole('textbox', { name: 'Team', exact: true }).fill('Huber '.repeat(40));
    await page.waitForTimeout(500);
    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    await page.getByTestId('submit-problems').waitFor();
    // named by its field in the user's language (the schema library's English message is for support only)
    expect(await page.getByTestId('submit-problems').textContent()).toContain(
      'Die Einträge können nicht gesendet werden: Das Feld mrTeam ist ungültig.',
    );
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await countRoundPosts(env.server())).toBe(before);
    expect(errors).toEqual([]);
  });

  it('asks to confirm a round dated 22 days back; cancel sends nothing, confirm sends it', async () => {
    const date = DateTime.fromISO(today).minus({ days: 22 }).toISODate() ?? '';
    const { page, errors } = await openShared(SPRINGS, date);
    expect(await page.getByTestId('round-date-problem').textContent()).toBe('Das Datum liegt 22 Tage zurück.');
    await type(page, 'Quelle Gsallalm 3002 WT', '6,5');
    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const dialog = page.getByTestId('implausible-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('22 Tage in der Vergangenheit');
    expect(await dialog.getByRole('button', { name: 'Weiter' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await field(page, 'Quelle Gsallalm 3002 WT').inputValue()).toBe('6,5');
    expect(await countRoundPosts(env.server())).toBe(before);

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const { values } = await api<HistoricValueList>(env.server(), '/timeseries-values?tsId=3002-WT');
    const at = values.filter(
      (v) => DateTime.fromISO(v.dt).setZone('Europe/Vienna').toFormat('yyyy-MM-dd HH:mm') === `${date} 12:00`,
    );
    expect(at.map((v) => v.value)).toEqual([6.5]);
    expect(errors).toEqual([]);
  });

  it('lists 1e99, -5 mm and 1750 for a confirmation of each; cancel keeps them unsent, confirming every one sends them', async () => {
    const { page, errors } = await openShared(DAM);
    await type(page, 'Piezometer P1 2001 W', '1e99');
    await type(page, 'Messstelle Fuge 3 2003 FW', '-5');
    await type(page, 'Piezometer P4 2004 W', '1750');
    // a text that is no number never shows the green "saved" mark next to its error
    await field(page, 'Piezometer P2 2002 W').pressSequentially('12abc', { delay: 20 });
    const row = page.locator('tr[data-tsid="2002-W"]');
    await row.getByText('Geben Sie eine Zahl, einen Strich oder nichts ein.').waitFor();
    expect(await row.getByTitle('Auf diesem Gerät gespeichert').count()).toBe(0);
    await field(page, 'Piezometer P2 2002 W').fill('');

    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const dialog = page.getByTestId('implausible-dialog');
    await dialog.waitFor();
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Piezometer P1 (2001), W: 1E99');
    expect(text).toContain('Messstelle Fuge 3 (2003), FW: -5 mm');
    expect(text).toContain('außerhalb 0 … 12 (Abweichung -5)');
    expect(text).toContain('Piezometer P4 (2004), W: 1750');
    expect(text).toContain('außerhalb 1664 … 1704 (Abweichung 46)');
    const confirm = dialog.getByRole('button', { name: 'Weiter' });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await countRoundPosts(env.server())).toBe(before);
    expect(await field(page, 'Piezometer P4 2004 W').inputValue()).toBe('1750');

    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    await dialog.waitFor();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await confirm.click();
    // then the incomplete-round prompt of the 30 obligatory stations left empty
    const incomplete = page.getByTestId('incomplete-dialog');
    await incomplete.waitFor();
    expect(await incomplete.textContent()).toContain('27 Messstellen wurden nicht gemessen');
    await incomplete.getByRole('button', { name: 'Senden' }).click();
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const [body] = (await submitted(env.server())).slice(-1);
    expect(Object.fromEntries((body?.entries ?? []).map((e) => [e.tsId, e.value]))).toEqual({
      '2001-W': 1e99,
      '2003-FW': -5,
      '2004-W': 1750,
    });
    expect(await countRoundPosts(env.server())).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it('asks about an incident without a remark, and not once it is described', async () => {
    const { context, page, errors } = await open(DAM);
    // an incident is a choice (no / unchanged / incident), not typed text
    const incident = page.getByRole('radiogroup', { name: 'Luftseitige Böschung 2104 ZU', exact: true });
    await incident.getByRole('radio', { name: /Ereignis/ }).click();
    await expect
      .poll(() => incident.getByRole('radio', { name: /Ereignis/ }).getAttribute('aria-checked'))
      .toBe('true');
    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const dialog = page.getByTestId('incidents-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Luftseitige Böschung (2104), ZU');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await countRoundPosts(env.server())).toBe(before);

    await page
      .getByRole('combobox', { name: 'Luftseitige Böschung 2104 ZU Bemerkung' })
      .pressSequentially('Riss am Fuß der Böschung', { delay: 20 });
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    await page.getByTestId('incomplete-dialog').waitFor();
    expect(await page.getByTestId('incidents-dialog').count()).toBe(0);
    await page.getByTestId('incomplete-dialog').getByRole('button', { name: 'Senden' }).click();
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const [body] = (await submitted(env.server())).slice(-1);
    expect(body?.entries.find((e) => e.tsId === '2104-ZU')).toMatchObject({
      value: 2,
      tsRemark: { text: 'Riss am Fuß der Böschung' },
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prompts for an incomplete round, prints before saving when configured, and sends team and round remark to the server and the archive', async () => {
    const { context, page, errors } = await open(SPRINGS, today, async (p) => {
      await p.addInitScript(() => {
        const w = window as unknown as { printed: number };
        w.printed = 0;
        window.print = () => void (w.printed += 1);
      });
    });
    await page.goto(`${env.server().url}/config`);
    await page.getByRole('checkbox', { name: 'Messrunde vor dem Absenden drucken' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Einstellungen auf diesem Gerät gespeichert.').waitFor();
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(SPRINGS)}/${today}`);

    // the round's fields take keys once its stored state is read (read-only before, by design): a user types then
    const team = page.getByRole('textbox', { name: 'Team', exact: true });
    await expect.poll(() => team.isEditable(), { timeout: 30_000 }).toBe(true);
    await team.pressSequentially('Huber, Moser', { delay: 20 });
    await page
      .getByRole('textbox', { name: 'Bemerkung zur Messrunde' })
      .pressSequentially('Starker Regen seit Mitternacht', { delay: 20 });
    await type(page, 'Quelle Platzalm 3003 LF', '250');
    const before = await countRoundPosts(env.server());
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const dialog = page.getByTestId('incomplete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('6 Messstellen wurden nicht gemessen');
    expect(await dialog.textContent()).toContain('Quelle Fissladalm (3001)');
    expect(await dialog.textContent()).not.toContain('Quelle Platzalm (3003)');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    expect(await countRoundPosts(env.server())).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const [body] = (await submitted(env.server())).slice(-1);
    expect(body).toMatchObject({ mrTeam: 'Huber, Moser', mrRemark: 'Starker Regen seit Mitternacht' });

    await page.getByRole('link', { name: 'Archiv' }).click();
    const rows = page.getByRole('row', { name: new RegExp(SPRINGS) });
    await rows.first().waitFor({ timeout: 20_000 });
    await rows.first().getByRole('link', { name: SPRINGS }).click();
    await page.getByText('Huber, Moser').first().waitFor({ timeout: 10_000 });
    await page.getByText('Starker Regen seit Mitternacht').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('overwrites date and time of the filled entries, reports an invalid date or time, and sends the new date and time', async () => {
    const { context, page, errors } = await open(SPRINGS);
    await type(page, 'Quelle Verpeil 3005 WT', '4,5');
    await type(page, 'Quelle Wolfskehr 3006 WT', '5,5');
    await page.getByText('Datum und Uhrzeit für die Einträge setzen').click();
    const time = page.getByRole('textbox', { name: 'Uhrzeit für die Einträge' });
    await time.pressSequentially('25:00', { delay: 20 });
    await page.getByRole('button', { name: 'Datum und Uhrzeit setzen' }).click();
    await page.getByText('Überschreiben der Uhrzeit fehlgeschlagen').waitFor();
    expect(await page.getByRole('textbox', { name: 'Quelle Verpeil 3005 WT Uhrzeit' }).inputValue()).toBe('12:00');

    await time.fill('');
    await time.pressSequentially('0745', { delay: 20 });
    await page.getByRole('button', { name: 'Datum und Uhrzeit setzen' }).click();
    await page.getByText('Uhrzeit für 2 Einträge gesetzt').waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Quelle Verpeil 3005 WT Uhrzeit' }).inputValue())
      .toBe('07:45');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Quelle Wolfskehr 3006 WT Uhrzeit' }).inputValue())
      .toBe('07:45');
    expect(await page.getByRole('textbox', { name: 'Quelle Verpeil 3005 LF Uhrzeit' }).inputValue()).toBe('12:00');
    // the same time again changes nothing
    await page.getByRole('button', { name: 'Datum und Uhrzeit setzen' }).click();
    await page.getByText('Uhrzeit für 0 Einträge gesetzt (2 unverändert)').waitFor();

    // the date: a wrong format is reported and changes nothing; yesterday moves the round with its values there
    const yesterday = DateTime.fromISO(today).minus({ days: 1 });
    const date = page.getByRole('textbox', { name: 'Datum für die Einträge' });
    await date.pressSequentially(yesterday.toFormat('dd/MM/yyyy'), { delay: 20 });
    await page.getByRole('button', { name: 'Datum und Uhrzeit setzen' }).click();
    await page.getByText('Überschreiben des Datums fehlgeschlagen: Datum als dd.mm.yyyy eingeben.').waitFor();
    expect(page.url()).toContain(`/${today}`);
    await date.fill('');
    await date.pressSequentially(yesterday.toFormat('dd.MM.yyyy'), { delay: 20 });
    await page.getByRole('button', { name: 'Datum und Uhrzeit setzen' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`/${yesterday.toISODate() ?? ''}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Quelle Verpeil 3005 WT', exact: true }).inputValue(), {
        timeout: 10_000,
      })
      .toBe('4,5');
    expect(await page.getByRole('textbox', { name: 'Quelle Verpeil 3005 WT Uhrzeit' }).inputValue()).toBe('07:45');

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const [body] = (await submitted(env.server())).slice(-1);
    const at = `${yesterday.toISODate() ?? ''} 07:45`;
    expect(
      body?.entries.map((e) => DateTime.fromISO(e.dt).setZone('Europe/Vienna').toFormat('yyyy-MM-dd HH:mm')),
    ).toEqual([at, at]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers configured and historic remarks with the date placeholder filled, and shows a geo: location', async () => {
    await env
      .server()
      .db.query(
        `insert into historic_value (ts_id, dt, value, sta_remark) values ('3004-WT', now() - interval '2 days', 5, '{"text":"Quelle trüb"}'::jsonb) on conflict do nothing`,
      );
    const { context, page, errors } = await open(SPRINGS);
    const remark = page.getByRole('combobox', { name: 'Quelle Nufelsbach 3004 WT Bemerkung' });
    await remark.click();
    const list = page.getByRole('listbox', { name: 'Vorschläge für Quelle Nufelsbach 3004 WT Bemerkung' });
    const todayShort = DateTime.fromISO(today).toFormat('dd-MM-yy');
    await list.getByRole('option', { name: 'Quelle trüb' }).waitFor();
    await list.getByRole('option', { name: `Kontrolle am ${todayShort}` }).waitFor();
    await remark.pressSequentially('kontr', { delay: 20 });
    expect(await list.getByRole('option').allTextContents()).toEqual([`Kontrolle am ${todayShort}`]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await remark.inputValue()).toBe(`Kontrolle am ${todayShort}`);
    await remark.pressSequentially(' geo:47.0701,10.7255', { delay: 20 });
    expect(await page.getByTestId('remark-location').textContent()).toBe('Ort 47,0701 / 10,7255');
    // a remark has no "saved" mark: give the last keystrokes' writes time to land before reloading
    await page.keyboard.press('Tab');
    await page.waitForTimeout(1000);
    await page.reload();
    await expect
      .poll(() => remark.inputValue(), { timeout: 10_000 })
      .toBe(`Kontrolle am ${todayShort} geo:47.0701,10.7255`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reopens a round queued offline, takes the edit, and sends it exactly once when back online', async () => {
    const { context, page, errors } = await open(SPRINGS);
    await type(page, 'Quelle Fissladalm 3001 LF', '300');
    await context.setOffline(true);
    const before = await countRoundPosts(env.server());
    await submitRound(page);
    const state = page.getByTestId('sync-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('queued');
    await page.getByTestId('submit-waiting').waitFor();
    expect(await field(page, 'Quelle Fissladalm 3001 LF').isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Wieder bearbeiten' }).click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('draft');
    expect(await field(page, 'Quelle Fissladalm 3001 LF').isDisabled()).toBe(false);
    await field(page, 'Quelle Fissladalm 3001 LF').fill('');
    await type(page, 'Quelle Fissladalm 3001 LF', '310');
    await context.setOffline(false);
    // back online a reopened round stays unsent until it is submitted again
    await page.waitForTimeout(1500);
    expect(await countRoundPosts(env.server())).toBe(before);

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    expect(await countRoundPosts(env.server())).toBe(before + 1);
    const [body] = (await submitted(env.server())).slice(-1);
    expect(body?.entries.map((e) => [e.tsId, e.value])).toEqual([['3001-LF', 310]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the station, series and time of two values at one time before sending, and sends the corrected round', async () => {
    // a day no other test sends DAM values for, so only this round's own two values can collide
    const date = DateTime.fromISO(today).minus({ days: 1 }).toISODate() ?? '';
    const { page, errors } = await openShared(DAM, date);
    await typeTwoValuesAtOneTime(page);
    const copyTime = field(page, 'Lot L1 2201 DX Kopie 1 Uhrzeit');
    const before = await countRoundPosts(env.server());
    // the server's rule (one value per series and time) runs on the device first: nothing is sent
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const problems = page.getByTestId('submit-problems');
    await problems.waitFor({ timeout: 30_000 });
    const day = DateTime.fromISO(date).toFormat('dd.MM.yyyy');
    expect(await problems.getByTestId('rule-refusal').textContent()).toContain(
      `Lot L1 (2201), DX: Zwei Werte dieser Zeitreihe haben dieselbe Zeit: ${day} 12:00.`,
    );
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await countRoundPosts(env.server())).toBe(before);

    // the user types another time for the copy: the problem goes with the edit, the send is stored
    await copyTime.click();
    await page.keyboard.press('Control+A');
    await copyTime.pressSequentially('0745', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.waitForTimeout(500);
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const { values } = await api<HistoricValueList>(env.server(), '/timeseries-values?tsId=2201-DX');
    // the values of submissions (the demo's own history has none)
    const stored = values
      .filter((v) => v.instanceId)
      .map((v) => [DateTime.fromISO(v.dt).setZone('Europe/Vienna').toFormat('yyyy-MM-dd HH:mm'), v.value])
      .filter(([at]) => String(at).startsWith(date))
      .sort();
    expect(stored).toEqual([
      [`${date} 07:45`, 4],
      [`${date} 12:00`, 3.5],
    ]);
    expect(errors).toEqual([]);
  });

  it('marks only the copy that holds the code the server refuses, not its original holding an allowed one', async () => {
    // a day no other test sends DAM values for
    const date = DateTime.fromISO(today).minus({ days: 2 }).toISODate() ?? '';
    const db = env.server().db;
    const [stored] = await db.query<{ definition: string }>(
      `select definition::text as definition from round_entry where ts_id = '2201-DX'`,
    );
    const setUnit = (unit: string) =>
      db.query(
        `update round_entry set definition = jsonb_set(definition, '{tsUnit}', to_jsonb($1::text)) where ts_id = '2201-DX'`,
        [unit],
      );
    // the device keeps the round it has: pulled after the refusal, the changed series would make the value a yes/no
    // choice, which shows no invalid state, and this test is about which row shows it
    const { context, page, errors } = await open(DAM, date, (p) => keepDeviceUnit(p, db));
    try {
      await typeValue(page, 'Lot L1 2201 DX', '1');
      await copyLotL1(page, '0730');
      await typeValue(page, 'Lot L1 2201 DX Kopie 1', '7');
      await page.keyboard.press('Tab');
      // meanwhile the office made the series a yes/no code on the server: the copy's 7 is refused, the 1 is not
      await setUnit('nein/ja');
      await submitRound(page);
      const alert = page.getByTestId('submit-error');
      await alert.waitFor({ timeout: 30_000 });
      const sentence = '7 ist keiner der Codes, die diese Zeitreihe erlaubt (0, 1).';
      expect(await alert.textContent()).toContain(`Lot L1 (2201), DX: ${sentence}`);
      // the server names the series only: of its two rows, the copy holds the 7, the original its 1
      const copy = page.locator('tr[data-tsid="2201-DX#1"]');
      const original = page.locator('tr[data-tsid="2201-DX"]');
      expect(await copy.getByTestId('refused-value').textContent()).toBe(sentence);
      expect(await original.getByTestId('refused-value').count()).toBe(0);
      expect(await field(page, 'Lot L1 2201 DX Kopie 1').getAttribute('aria-invalid')).toBe('true');
      expect(await field(page, 'Lot L1 2201 DX').getAttribute('aria-invalid')).toBeNull();
      expect(await field(page, 'Lot L1 2201 DX Kopie 1 Uhrzeit').getAttribute('aria-invalid')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await db.query(`update round_entry set definition = $1::jsonb where ts_id = '2201-DX'`, [stored?.definition]);
      // a pull still under way must not end in the route handler of a closed page
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});
