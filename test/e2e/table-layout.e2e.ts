import { calendarDateOf, testToday } from '../support/dates';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { HistoricValueList, MeasureRound } from '../../schemas/api';
import { DateTime } from 'luxon';
import { checkLastValue, DEFAULT_ZONE } from '../../src/domain';
import { api, openTable, serverAndBrowser, settledScrollY, submitRound, tableUrl, type TestServer } from './harness';
import { formatDe } from './rounds';
import { pinWallClock } from './wall-clock';

const ROUND = 'Talsperre Gepatsch Kontrollgang';
const today = testToday();
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'de-DE' };
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'de-DE', isMobile: true, hasTouch: true };

async function valuesToday(server: TestServer, tsIds: string[]) {
  const ids = tsIds.map((id) => `tsId=${encodeURIComponent(id)}`).join('&');
  const { values } = await api<HistoricValueList>(server, `/timeseries-values?${ids}&remarks=true`);
  return values.filter((v) => calendarDateOf(v.dt) === today);
}

/** The wall-clock time of a posted value in the round's zone, as the user typed it. */
const clock = (iso: string | undefined) =>
  DateTime.fromISO(iso ?? '')
    .setZone(DEFAULT_ZONE)
    .toFormat('HH:mm');

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

async function submitByKeyboard(page: Page) {
  for (let i = 0; i < 120 && (await focusedName(page)) !== 'Absenden'; i++) await page.keyboard.press('Shift+Tab');
  expect(await focusedName(page)).toBe('Absenden');
  await page.keyboard.press('Enter');
  // the prompts before sending (e.g. the incomplete round) are answered by keyboard too
  for (let prompt = 0; prompt < 4; prompt++) {
    const done = await Promise.race([
      page
        .getByTestId('submit-success')
        .waitFor({ timeout: 30_000 })
        .then(() => true),
      page
        .locator('dialog[open]')
        .waitFor({ timeout: 30_000 })
        .then(() => false),
    ]);
    if (done) return;
    // each station a prompt names is a link to it: Tab passes them on the way to the buttons
    for (let i = 0; i < 80 && !/^(Senden|Weiter)$/.test(await focusedName(page)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .locator('dialog[open]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }
  await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
}

/** The office table (§5, §7, §8 and the station parts of §4): the office table, dense, by keyboard, with history. */
describe('office table layout and keyboard', () => {
  const env = serverAndBrowser('e2e-table-layout-');
  // One office device for the tests that look at the table and type without sending: each opens the table anew
  // (a reload, as a user coming back to it), not a fresh device (a first visit each). Tests that send have their own.
  let office: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  afterAll(async () => {
    await office?.context.close();
  });
  async function officeTable(viewport = DESKTOP.viewport): Promise<{ page: Page; errors: string[] }> {
    if (!office) office = await openTable(env.browser(), env.server(), ROUND, { ...DESKTOP, viewport });
    else {
      await office.page.setViewportSize(viewport);
      await office.page.goto(tableUrl(env.server(), ROUND));
    }
    office.errors.length = 0; // each test answers for the page errors of its own visit
    return { page: office.page, errors: office.errors };
  }

  it('enters a whole station by keyboard only (F8, arrows, Enter, F2, Tab) and the server gets the values', async () => {
    // readings at the default 12:00 and at F2's "now": both in the past at any hour the suite runs
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND, DESKTOP, pinWallClock);
    await page.getByRole('textbox', { name: 'Piezometer P4 2004 W', exact: true }).waitFor();
    // the table opens with its first value focused; F8 goes on station by station
    await expect.poll(() => focusedName(page)).toBe('Piezometer P1 2001 W');
    for (let i = 0; i < 3; i++) await page.keyboard.press('F8');
    expect(await focusedName(page)).toBe('Piezometer P4 2004 W');
    await page.keyboard.type('1690,5', { delay: 20 });
    await page.keyboard.press('ArrowRight'); // caret at the end: on to the time
    expect(await focusedName(page)).toBe('Piezometer P4 2004 W Uhrzeit');
    await page.keyboard.press('F2');
    const now = await page.getByRole('textbox', { name: 'Piezometer P4 2004 W Uhrzeit' }).inputValue();
    expect(now).toMatch(/^\d{2}:\d{2}$/);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Piezometer P4 2004 W Bemerkung');
    await page.keyboard.type('Tastatur', { delay: 20 });
    await page.keyboard.press('ArrowDown'); // the remark of the station's next entry
    expect(await focusedName(page)).toBe('Piezometer P4 2004 LT Bemerkung');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe('Piezometer P4 2004 LT');
    await page.keyboard.type('7,5', { delay: 20 });
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Piezometer P5 2005 W');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Piezometer P4 2004 LT');
    await page.keyboard.press('F7');
    expect(await focusedName(page)).toBe('Messstelle Fuge 3 2003 FW');
    await page.keyboard.press('F8');
    expect(await focusedName(page)).toBe('Piezometer P4 2004 W');

    // every control shows where the focus is, the photo button too (its input is hidden)
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      return input.type === 'file'
        ? getComputedStyle(input.closest('label') as HTMLElement).outlineStyle
        : 'not the photo input';
    });
    expect(outline).toBe('solid');

    await page.keyboard.press('F8');
    await submitByKeyboard(page);
    const values = await valuesToday(env.server(), ['2004-W', '2004-T']);
    const w = values.find((v) => v.tsId === '2004-W');
    expect(w?.value).toBe(1690.5);
    expect(JSON.stringify(w?.tsRemark)).toContain('Tastatur');
    expect(clock(w?.dt)).toBe(now);
    const lt = values.find((v) => v.tsId === '2004-T');
    expect(lt?.value).toBe(7.5);
    expect(clock(lt?.dt)).toBe('12:00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the k overlay listing every shortcut as a dialog', async () => {
    const { page, errors } = await officeTable();
    const first = page.getByRole('textbox', { name: 'Piezometer P1 2001 W', exact: true });
    await first.waitFor();
    // the table focuses its first value on open; `k` outside a field opens the overlay
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await first.blur();
    await page.keyboard.press('k');
    const dialog = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const key of ['g', 'h', 'a', 'c', 'l', 'p', '?', 'k', 'F2', 'F7', 'F8', 'Enter']) expect(text).toContain(key);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('remembers the compact or full station list after a reload', async () => {
    const { page, errors } = await officeTable();
    const table = page.locator('[data-station-table]');
    await page.getByRole('textbox', { name: 'Piezometer P1 2001 W', exact: true }).waitFor();
    expect(await table.getAttribute('data-density')).toBe('compact');
    await page.getByRole('button', { name: 'Vollständig' }).click();
    expect(await table.getAttribute('data-density')).toBe('full');
    await page.reload();
    await page.getByRole('textbox', { name: 'Piezometer P1 2001 W', exact: true }).waitFor();
    expect(await table.getAttribute('data-density')).toBe('full');
    expect(await page.getByRole('button', { name: 'Vollständig' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Kompakt' }).click();
    expect(await table.getAttribute('data-density')).toBe('compact');
    expect(errors).toEqual([]);
  });

  it('says where the stations come that they are loading, unseen on a quick start, and puts the stations in its place', async () => {
    const { page, errors } = await officeTable();
    // what the page went through while it opened, seen from inside it (a poll from here would miss a short line)
    await page.addInitScript(() => {
      const seen: { text: string; visibility: string; stationsWhenGone: boolean | null }[] = [];
      Object.assign(window, { stationsLoading: seen });
      new MutationObserver(() => {
        const line = document.querySelector('[data-testid="stations-loading"]');
        const last = seen.at(-1);
        if (line && (!last || last.stationsWhenGone !== null))
          seen.push({
            text: line.textContent ?? '',
            visibility: getComputedStyle(line).visibility,
            stationsWhenGone: null,
          });
        else if (!line && last && last.stationsWhenGone === null)
          last.stationsWhenGone = document.querySelector('[data-value-input]') !== null;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(tableUrl(env.server(), ROUND));
    await page.locator('[data-value-input]').first().waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            stationsLoading: { text: string; visibility: string; stationsWhenGone: boolean | null }[];
          }
        ).stationsLoading,
    );
    // shown once, in the user's language, held back from sight at first, and gone in the commit that brought the stations
    expect(seen).toEqual([{ text: 'Die Stationen werden geladen…', visibility: 'hidden', stationsWhenGone: true }]);
    expect(await page.getByTestId('stations-loading').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the last value in German with the §5 marks of the last-value check', async () => {
    const round = (await api<{ mrId: string; mrName: string }[]>(env.server(), '/measure-round')).find(
      (r) => r.mrName === ROUND,
    );
    const { entries } = await api<MeasureRound>(env.server(), `/measure-round/${round?.mrId ?? ''}`);
    const { page, errors } = await officeTable();
    await page.getByRole('textbox', { name: 'Piezometer P1 2001 W', exact: true }).waitFor();
    let marked = 0;
    for (const entry of entries.filter((e) => e.last && e.last.value !== null)) {
      const row = page.locator(`tr[data-tsid="${entry.tsId}"]`);
      const text = await row.getByTestId('last-value').innerText();
      expect(text.startsWith(formatDe(entry.last?.value ?? 0)), `${entry.tsId}: ${text}`).toBe(true);
      const flag = checkLastValue(entry);
      expect(await row.locator('[data-last-flag]').count(), entry.tsId).toBe(flag ? 1 : 0);
      if (flag) {
        marked++;
        expect(await row.locator('[data-last-flag]').getAttribute('data-last-flag')).toBe(flag);
      }
    }
    expect(marked).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Verlauf von Piezometer P1 2001 W' }).click();
    await page.getByText('Min./Max.').first().waitFor();
    // the newest ten values of the series' stored history (one document per timeseries), newest first
    const { values } = await api<HistoricValueList>(env.server(), '/timeseries-values?tsId=2001-W');
    const newest = values.slice(-10).reverse();
    const recent = page.locator('[id="history-2001-W"] li');
    await expect.poll(() => recent.count(), { timeout: 30_000 }).toBe(newest.length);
    const shown = await recent.allInnerTexts();
    newest.forEach((v, i) =>
      expect(shown[i]?.endsWith(`: ${v.value === null ? '–' : formatDe(v.value)}`), `${shown[i]} vs ${v.value}`).toBe(
        true,
      ),
    );
    expect(errors).toEqual([]);
  });

  it('keeps the column header and the submit bar visible below the navbar after scrolling, on desktop and phone', async () => {
    for (const options of [DESKTOP, { ...DESKTOP, viewport: { width: 1920, height: 1080 } }, PHONE]) {
      // the phone is a device of its own (touch, mobile); both desktop sizes are the office device's window
      const { context, page, errors } =
        options === PHONE
          ? await openTable(env.browser(), env.server(), ROUND, options)
          : { context: undefined, ...(await officeTable(options.viewport)) };
      const p1 = page.getByRole('textbox', { name: 'Piezometer P1 2001 W', exact: true });
      // the field takes keys once the stored values are read (until then it is read-only and empty)
      await page.locator('input[data-value-input][aria-label="Piezometer P1 2001 W"]:not([readonly])').waitFor();
      // a 100-digit value gives a 100-digit deviation message; the office's second window finds it stored
      const long = '1'.repeat(100);
      if ((await p1.inputValue()) !== long) await p1.pressSequentially(long, { delay: 5 });
      await page
        .locator('#err-2001-W')
        .getByText(/Unplausibel|Implausible/)
        .waitFor();
      await page.mouse.wheel(0, 2500);
      await settledScrollY(page);
      const nav = await page.locator('body header').boundingBox();
      const bar = await page.locator('[data-submit-bar]').boundingBox();
      expect(nav && bar).toBeTruthy();
      if (!nav || !bar) return;
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      expect(bar.y).toBeGreaterThanOrEqual(nav.y + nav.height - 1);
      // a tap on the submit button hits the submit button, not a navbar link
      const button = await page.getByRole('button', { name: 'Absenden' }).boundingBox();
      if (!button) throw new Error('no submit button');
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-submit-bar], header')?.tagName,
        [button.x + button.width / 2, button.y + button.height / 2] as const,
      );
      expect(hit).toBe('DIV');
      // a long message wraps and never widens the table
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      if (options !== PHONE) {
        const head = await page.locator('[data-station-table] thead').boundingBox();
        expect(head?.y ?? 0).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
        expect(head?.y ?? 9999).toBeLessThan(options.viewport.height / 3);
        // dense: one line per timeseries, some 20 stations per 1080p screen
        const visible = await page.evaluate(
          () =>
            [...document.querySelectorAll('tbody[data-station]')].filter(
              (b) => b.getBoundingClientRect().top >= 0 && b.getBoundingClientRect().bottom <= innerHeight,
            ).length,
        );
        expect(visible).toBeGreaterThanOrEqual(options.viewport.height >= 1000 ? 20 : 14);
      } else {
        // phone cards label value, time and remark visibly (generated content above each field, station-table.css),
        // in the interface language, and the label adds nothing to what a screen reader says
        const labels = await page
          .locator('tbody[data-station="2001"] tr')
          .first()
          .evaluate((row) =>
            [...row.querySelectorAll('td[data-card-label]')].map((td) => {
              const before = getComputedStyle(td, '::before');
              return `${before.content} ${before.display} ${before.fontSize}`;
            }),
          );
        expect(labels).toEqual(['"Wert" / "" block 12px', '"Uhrzeit" / "" block 12px', '"Bemerkung" / "" block 12px']);
      }
      expect(errors).toEqual([]);
      await context?.close();
    }
  });

  it("paints a field's remark suggestions over the next station, not under it", async () => {
    // each station block not holding the focus is a stacking context of its own (station-table.css): a list that
    // opened below a station's last row must still cover the station after it
    const { page, errors } = await officeTable();
    await page.locator('input[data-value-input][aria-label="Piezometer P1 2001 W"]:not([readonly])').waitFor();
    await page.getByRole('combobox', { name: 'Piezometer P1 2001 W Bemerkung', exact: true }).click();
    const list = page.getByRole('listbox', { name: 'Vorschläge für Piezometer P1 2001 W Bemerkung' });
    await list.getByRole('option').first().waitFor();
    const layout = await list.evaluate((el) => {
      const station = document.querySelector('tbody[data-station="2001"]')?.getBoundingClientRect();
      const options = [...el.querySelectorAll('[role="option"]')].map((o) => {
        const r = o.getBoundingClientRect();
        return {
          below: station !== undefined && r.top >= station.bottom,
          hit: o.contains(document.elementFromPoint(r.left + 8, r.top + r.height / 2)),
        };
      });
      return options;
    });
    // the list reaches below the first station (else this test would show nothing)
    expect(layout.filter((o) => o.below).length).toBeGreaterThan(0);
    expect(layout.map((o) => o.hit)).toEqual(layout.map(() => true));
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('sends a station remark and a duplicated station with its own time; a copy can be deleted', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND, DESKTOP);
    const station = 'Gepatsch Piezometer P2 (2002)';
    await page
      .getByRole('textbox', { name: 'Piezometer P2 2002 W', exact: true })
      .pressSequentially('1681,25', { delay: 20 });
    await page.getByRole('button', { name: `Stationsbemerkung von ${station}` }).click();
    await page
      .getByRole('textbox', { name: `${station} Stationsbemerkung` })
      .pressSequentially('Schacht nass', { delay: 20 });

    await page.getByRole('button', { name: `Station ${station} duplizieren` }).click();
    const form = page.getByRole('form', { name: `Station ${station} duplizieren` });
    await form.getByRole('button', { name: 'Kopie hinzufügen' }).click();
    await form.getByText('Station kann ohne Datum/Uhrzeit nicht dupliziert werden').waitFor();
    expect(await page.locator('tr[data-copy]').count()).toBe(0);
    await form
      .getByRole('textbox', { name: `Uhrzeit der Kopie von ${station}` })
      .pressSequentially('0730', { delay: 20 });
    await page.keyboard.press('Enter');
    const copyValue = page.getByRole('textbox', { name: 'Piezometer P2 2002 W Kopie 1', exact: true });
    await copyValue.waitFor();
    await expect.poll(() => focusedName(page)).toBe('Piezometer P2 2002 W Kopie 1');
    await copyValue.pressSequentially('1682,5', { delay: 20 });
    expect(await page.getByRole('textbox', { name: 'Piezometer P2 2002 W Kopie 1 Uhrzeit' }).inputValue()).toBe(
      '07:30',
    );

    // a second copy, deleted again
    await page.getByRole('button', { name: `Station ${station} duplizieren` }).click();
    await page
      .getByRole('textbox', { name: `Uhrzeit der Kopie von ${station}` })
      .pressSequentially('0800', { delay: 20 });
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Piezometer P2 2002 W Kopie 2', exact: true }).waitFor();
    await page.getByRole('button', { name: `Kopie 2 von ${station} löschen` }).click();
    await page
      .getByRole('textbox', { name: 'Piezometer P2 2002 W Kopie 2', exact: true })
      .waitFor({ state: 'detached' });

    await expect.poll(() => copyValue.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
    await page.reload();
    await expect.poll(() => copyValue.inputValue(), { timeout: 15_000 }).toBe('1682,5');
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const values = (await valuesToday(env.server(), ['2002-W'])).sort((a, b) => a.dt.localeCompare(b.dt));
    expect(values.map((v) => [clock(v.dt), v.value])).toEqual([
      ['07:30', 1682.5],
      ['12:00', 1681.25],
    ]);
    expect(JSON.stringify(values[1]?.staRemark)).toContain('Schacht nass');

    // after the send the round comes back with the history: same-day values and the historic station remark
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .locator('tr[data-tsid="2002-W"]')
            .getByTestId('same-day')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('2 Werte heute');
    await page.getByRole('button', { name: `Stationsbemerkung von ${station}` }).click();
    expect(await page.getByTestId('historic-station-remarks').innerText()).toContain('Schacht nass');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('posts a new task with the chosen type and refuses an empty task text', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND, DESKTOP);
    const station = 'Gepatsch Messstelle Fuge 3 (2003)';
    await page
      .getByRole('button', { name: new RegExp(`^\\d+ Aufgaben? bei ${station.replace(/[()]/g, '\\$&')}$`) })
      .click();
    const group = page.getByRole('group', { name: `Aufgaben von ${station}` });
    // the first type of the config, taken without touching the list
    await group.getByRole('button', { name: `Neue Aufgabe für ${station}` }).click();
    await group
      .getByRole('textbox', { name: `Aufgabenbeschreibung für ${station}` })
      .pressSequentially('Deckel prüfen', { delay: 20 });
    await group.getByRole('button', { name: 'Hinzufügen' }).click();
    await group.getByRole('checkbox', { name: /Deckel prüfen/ }).waitFor();
    // an empty text is refused next to the field, nothing is added
    const before = await group.getByRole('checkbox').count();
    await group.getByRole('button', { name: `Neue Aufgabe für ${station}` }).click();
    await group.getByLabel('Aufgabentyp').selectOption('Batterie');
    await group.getByRole('button', { name: 'Hinzufügen' }).click();
    await group.getByText('Aufgabe beschreiben').waitFor();
    expect(
      await group.getByRole('textbox', { name: `Aufgabenbeschreibung für ${station}` }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await group.getByRole('checkbox').count()).toBe(before);
    await group
      .getByRole('textbox', { name: `Aufgabenbeschreibung für ${station}` })
      .pressSequentially('Batterie tauschen', { delay: 20 });
    await group.getByRole('button', { name: 'Hinzufügen' }).click();
    await group.getByRole('checkbox', { name: /Batterie tauschen/ }).waitFor();
    await submitRound(page);
    await page.getByTestId('last-sent').waitFor({ timeout: 30_000 });
    const tasks = await env
      .server()
      .db.query<{ task_type: string; text: string }>(
        "select task_type, text from station_task where sta_number = '2003' order by text",
      );
    expect(tasks.map((t) => [t.text, t.task_type])).toEqual(
      expect.arrayContaining([
        ['Batterie tauschen', 'Batterie'],
        ['Deckel prüfen', 'Wartung'],
      ]),
    );
    expect(tasks.some((t) => !t.text?.trim())).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
