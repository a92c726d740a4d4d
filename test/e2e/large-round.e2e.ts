import { testToday } from '../support/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedBigRound, type RoundSize } from '../../bench/dataset';
import { openTable, serverAndBrowser, tableUrl } from './harness';
import { sharedDevice } from './visits';

/** 80 stations × 5 timeseries: above the size from which the table renders only the stations near the screen. */
const LARGE: RoundSize = {
  mrId: 'e2e-large',
  mrName: 'Große Runde 80',
  mrGroup: 'Große Runden',
  stations: 80,
  perStation: 5,
  historyDays: 3,
};
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'de-DE' };
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'de-DE', isMobile: true, hasTouch: true };

/** The value field's accessible name of station n (1-based) and a parameter, as the table labels it. */
const label = (n: number, parameter: string) => `Messstelle ${n} ${50000 + n - 1} ${parameter}`;
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const focusedStation = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('tbody[data-station]')?.dataset.station);
const renderedStations = (page: Page) => page.locator('tbody[data-station]').count();

/** a large round renders only the stations near the screen, and the keyboard model still reaches every one. */
describe('office table of a large round', () => {
  const env = serverAndBrowser('e2e-large-round-');
  beforeAll(async () => {
    await seedBigRound(env.server().db, LARGE);
  });

  it('renders a window of stations; F7, arrows, Enter and Tab move into stations that were not rendered; typing survives scrolling away and a reload', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), LARGE.mrName, DESKTOP);
    await page.getByRole('textbox', { name: label(1, 'W'), exact: true }).waitFor();
    const rendered = await renderedStations(page);
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(40);
    expect(await page.getByRole('textbox', { name: label(80, 'W'), exact: true }).count()).toBe(0);
    // each entry's value, time and remark are in a form of their own (src/ui/field-form.tsx): Chrome's autofill then
    // reads only them after a key, not every field of the table
    const entryForms = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[data-value-input]')].map((input) =>
        input.form
          ? [...input.form.elements]
              .filter((el) => el instanceof HTMLInputElement && el.type === 'text')
              .map((el) => el.getAttribute('aria-label'))
              .sort()
          : null,
      ),
    );
    expect(entryForms.length).toBeGreaterThan(10);
    const first = label(1, 'W');
    expect(entryForms[0]).toEqual([first, `${first} Bemerkung`, `${first} Uhrzeit`].sort());
    expect(entryForms.every((fields) => fields !== null && fields.length === 3)).toBe(true);

    // from the page itself F7 goes to the last station, which was not in the DOM
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('F7');
    await expect.poll(() => focusedName(page)).toBe(label(80, 'W'));
    const last = page.getByRole('textbox', { name: label(80, 'W'), exact: true });
    await expect.poll(() => last.isVisible()).toBe(true);
    await page.keyboard.type('12,5', { delay: 25 });
    await expect.poll(() => last.getAttribute('data-saved')).toBe('true');

    // up from the first row of station 80 lands in the last row of station 79; Enter goes back down across the stations
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe(label(79, 'LF'));
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe(label(80, 'W'));

    // scrolled far away, the focused field stays and keeps what is typed
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByRole('textbox', { name: label(1, 'W'), exact: true }).isVisible()).toBe(true);
    expect(await focusedName(page)).toBe(label(80, 'W'));
    await page.keyboard.press('End');
    await page.keyboard.type('7', { delay: 25 });
    await expect.poll(() => last.inputValue()).toBe('12,57');
    await expect.poll(() => last.getAttribute('data-saved')).toBe('true');

    // Tab past the last field of station 2 while the page shows the end of the round: station 3 is rendered and focused
    // (typing scrolled the page back to station 80: the user scrolls up again)
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('textbox', { name: label(2, 'LF'), exact: true }).focus();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.getByRole('textbox', { name: label(3, 'W'), exact: true }).count()).toBe(0);
    for (let i = 0; i < 12 && (await focusedStation(page)) === '50001'; i++) await page.keyboard.press('Tab');
    expect(await focusedStation(page)).toBe('50002');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement?.getBoundingClientRect().top ?? -1) >= 0))
      .toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedStation(page)).toBe('50001');

    // F8 from station 2 goes on station by station through stations that come into the DOM as they are reached
    for (let i = 0; i < 10; i++) await page.keyboard.press('F8');
    await expect.poll(() => focusedName(page)).toBe(label(12, 'W'));
    // three presses before the next station is drawn (F8 held down on a slow phone) move three stations, not one
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByRole('textbox', { name: label(13, 'W'), exact: true }).count()).toBe(0);
    await page.evaluate(() => {
      for (let i = 0; i < 3; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', cancelable: true }));
    });
    await expect.poll(() => focusedName(page)).toBe(label(15, 'W'));

    // printing (Ctrl+P, "print before saving") prints every station, then the window returns
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await renderedStations(page)).toBe(LARGE.stations);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => renderedStations(page)).toBeLessThan(40);

    // after a reload the typed value is still there (read from the device, not the DOM)
    await page.reload();
    await page.getByRole('textbox', { name: label(1, 'W'), exact: true }).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('F7');
    await expect
      .poll(() => page.getByRole('textbox', { name: label(80, 'W'), exact: true }).inputValue())
      .toBe('12,57');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('narrowed to cards (a turned tablet), keeps the station at the top of the screen, and the page is as long as the cards', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), LARGE.mrName, DESKTOP);
    await page.getByRole('textbox', { name: label(1, 'W'), exact: true }).waitFor();
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    /** the station whose block reaches below the sticky bars at the top of the screen */
    const topStation = () =>
      page.evaluate(() => {
        const inset = parseFloat(document.documentElement.style.scrollPaddingTop) || 0;
        const blocks = [...document.querySelectorAll<HTMLElement>('tbody[data-station]')];
        return blocks.find((b) => b.getBoundingClientRect().bottom > inset)?.dataset.station;
      });
    // scrolled past stations never shown: their heights are guesses
    await page.evaluate(() => window.scrollTo(0, 8000));
    await expect.poll(async () => Number(await topStation())).toBeGreaterThan(50020);
    const before = await topStation();
    const asRows = await height();

    await page.setViewportSize(PHONE.viewport);
    await expect.poll(height).toBeGreaterThan(asRows * 2);
    await expect.poll(topStation).toBe(before);
    // what the stations in the page measure as cards, for all of them: the stations not in the page are guessed as
    // cards too (they were guessed as rows), so the scrollbar and a scroll to the end reach them
    const perStation = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll('tbody[data-station]')];
      return blocks.reduce((sum, b) => sum + b.getBoundingClientRect().height, 0) / blocks.length;
    });
    const ratio = (await height()) / (perStation * LARGE.stations);
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);

    // and back to rows
    await page.setViewportSize(DESKTOP.viewport);
    await expect.poll(height).toBeLessThan(asRows * 2);
    await expect.poll(topStation).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  // the phone tests share one phone (the table's first visit, then the tour from the home page)
  const phone = sharedDevice(env.browser, PHONE);

  it('on a phone the cards of the last stations are reached by scrolling to the end', async () => {
    const { page, errors } = await phone();
    await page.goto(tableUrl(env.server(), LARGE.mrName));
    // a first visit: the pull of the round comes first
    await page.getByRole('textbox', { name: label(1, 'W'), exact: true }).waitFor({ timeout: 60_000 });
    expect(await renderedStations(page)).toBeLessThan(20);
    // scrolled in steps as a thumb does, until the page does not grow any more (the guessed heights get measured)
    for (let i = 0; i < 6; i++) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(150);
    }
    const card = page.locator(`tbody[data-station="${50000 + 79}"]`);
    await expect.poll(() => card.isVisible()).toBe(true);
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844 + 1);
    expect(errors).toEqual([]);
  });

  it('as a stored tour lists every station: the first screen at once, the rest right after, and the last one opens', async () => {
    const { page, errors } = await phone();
    // what a screen reader is told of the list: busy until the stations beyond the first screen's are there
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { busySeen: string[] }).busySeen = seen;
      new MutationObserver((records) => {
        for (const r of records)
          if (r.target instanceof HTMLOListElement)
            seen.push(`${r.oldValue} → ${r.target.getAttribute('aria-busy')} at ${r.target.children.length}`);
      }).observe(document, { subtree: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    });
    await page.goto(`${env.server().url}/?date=${testToday()}`);
    await page.getByRole('button', { name: `${LARGE.mrName} offline nehmen` }).click();
    await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    const list = page.getByRole('list', { name: 'Stationen der Messrunde' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(LARGE.stations);
    await expect.poll(() => list.getAttribute('aria-busy')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { busySeen: string[] }).busySeen)).toEqual([
      `true → null at ${LARGE.stations}`,
    ]);
    await list.getByRole('button', { name: /Messstelle 80 / }).click();
    await expect.poll(() => page.getByTestId('station-title').textContent()).toMatch(/Messstelle 80/);
    expect(await page.getByTestId('station-position').first().textContent()).toBe(
      `${LARGE.stations} / ${LARGE.stations}`,
    );
    expect(errors).toEqual([]);
  });
});
