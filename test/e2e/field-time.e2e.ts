import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import { checkAgainstHistory, checkPlausibility } from '../../src/domain';
import { ANDROID_PHONE, api, serverAndBrowser, tableUrl, watchErrors } from './harness';
import { formatDe } from './rounds';

const SPRINGS = 'Quellen Kaunertal';

/** HH:mm on the stations' clock now and a minute later (the click may fall on a minute's edge). */
function viennaNow(): string[] {
  const now = DateTime.now().setZone('Europe/Vienna');
  return [now.toFormat('HH:mm'), now.plus({ minutes: 1 }).toFormat('HH:mm')];
}

/** A plausible value far from the entry's own history (a unit slip), computed with the app's own rule. */
function unusualValue(entry: MeasureRoundEntry): number {
  const { min = 0, max = 0 } = entry;
  const spread = max - min;
  const candidates = [min - 1.5 * spread, max + 1.5 * spread, min / 60, max * 60, min / 1000].map(
    (v) => Math.round(v * 100) / 100,
  );
  const found = candidates.find(
    (v) => checkAgainstHistory(entry, v) !== undefined && checkPlausibility(entry, v) === undefined,
  );
  if (found === undefined) throw new Error(`no unusual plausible value for ${entry.tsId}`);
  return found;
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** the right time on every reading whatever the browser's zone, and checks that lead to the entry. */
describe('field-ready time and checks', () => {
  const env = serverAndBrowser('e2e-field-time-');

  it('on a desktop in UTC: Now and the history tell Vienna time; an unusual value is flagged without ✓ and its prompt leads to it', async () => {
    const round = await api<MeasureRound>(env.server(), '/measure-round/2');
    const lf = round.entries.find((e) => e.tsId === '3001-LF' && e.min !== undefined && e.last);
    const wt = round.entries.find((e) => e.tsId === '3002-WT');
    if (!lf?.last || !wt) throw new Error('demo entries with history expected');
    const context = await env
      .browser()
      .newContext({ locale: 'de-DE', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(tableUrl(env.server(), SPRINGS));
    const lfLabel = `${lf.staName} ${lf.staNumber} ${lf.tsParameter}`;
    const lfInput = page.getByRole('textbox', { name: lfLabel, exact: true });
    await lfInput.waitFor({ timeout: 60_000 });

    // the history column on the stations' clock: a browser on UTC showed it an hour (or two) early
    const lastShown = DateTime.fromISO(lf.last.dt).setZone('Europe/Vienna').toFormat('dd.MM.yy, HH:mm');
    const lfRow = page.locator(`tr[data-tsid="${lf.tsId}"]`);
    expect(await lfRow.textContent()).toContain(lastShown);

    // the keyboard starts at the first value; a skip link is the first Tab stop of the page
    const firstLabel = `${round.entries[0]?.staName} ${round.entries[0]?.staNumber} ${round.entries[0]?.tsParameter}`;
    await expect.poll(() => focusedName(page)).toBe(firstLabel);
    const firstStop = await page.evaluate(
      () =>
        [
          ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]'),
        ].find((el) => el.tabIndex >= 0)?.textContent,
    );
    expect(firstStop).toBe('Zum Inhalt springen');
    await page.getByRole('link', { name: 'Zum Inhalt springen' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe(firstLabel);

    // "Now" beside the time field sets the Vienna time, not the browser's UTC
    const wtLabel = `${wt.staName} ${wt.staNumber} ${wt.tsParameter}`;
    const wtRow = page.locator(`tr[data-tsid="${wt.tsId}"]`);
    // its name says which entry's time it sets: a screen reader hears more than "Jetzt" on every row
    await wtRow
      .getByRole('button', { name: `Jetzt: ${wt.staName} (${wt.staNumber}), ${wt.tsParameter}`, exact: true })
      .click();
    await expect
      .poll(
        async () =>
          viennaNow().includes(
            await page.getByRole('textbox', { name: `${wtLabel} Uhrzeit`, exact: true }).inputValue(),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    // a unit slip: plausible for the range, far from the station's history
    const odd = unusualValue(lf);
    await lfInput.click();
    await lfInput.pressSequentially(formatDe(odd), { delay: 20 });
    await expect.poll(() => lfInput.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
    await lfRow.getByTestId('unusual-value').waitFor();
    expect(await lfRow.getByTestId('unusual-value').textContent()).toContain('Ungewöhnlich im Vergleich zur Historie');
    expect(await lfRow.locator('[data-saved-mark="ok"]').count()).toBe(0);
    expect(await lfRow.getAttribute('data-status')).toBe('warning');

    // a value that is no number blocks the submit and leaves the focus on it; its error is a link to it
    const wtInput = page.getByRole('textbox', { name: wtLabel, exact: true });
    await wtInput.click();
    await wtInput.pressSequentially('6x', { delay: 20 });
    await page.getByRole('button', { name: 'Absenden', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('submit-problems').waitFor();
    await expect.poll(() => focusedName(page)).toBe(wtLabel);
    const problemLink = page.getByTestId('submit-problems').getByRole('button', { name: new RegExp(`${wt.staName}`) });
    expect(await problemLink.count()).toBe(1);
    await page.getByRole('button', { name: 'Absenden', exact: true }).focus();
    await problemLink.click();
    await expect.poll(() => focusedName(page)).toBe(wtLabel);
    await wtInput.press('End');
    await wtInput.press('Backspace');
    await expect.poll(() => wtInput.getAttribute('aria-invalid')).toBe(null);

    // the unusual value is asked for at submit; "go to the entry" closes the prompt and focuses it
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    const dialog = page.getByTestId('implausible-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('ungewöhnlich im Vergleich zur Historie');
    await page.screenshot({ path: 'test-results/ux-unusual-dialog.png' });
    await dialog.getByRole('button', { name: new RegExp(`^Zum Eintrag.*${lf.staName}`) }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe(lfLabel);
    await page.screenshot({ path: 'test-results/ux-table-desktop.png' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: 'test-results/ux-table-desktop-dark.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone in New York: one time for all entries and Now on the tour give Vienna time, with 44 px targets', async () => {
    const context = await env.browser().newContext({ ...ANDROID_PHONE, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/`);
    await page.getByRole('button', { name: `${SPRINGS} offline nehmen` }).click();
    const store = page.getByTestId('store-tour-dialog');
    await store.getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor();

    // the field navbar: one line with the way back and the sync state, the office links behind a menu
    const header = page.locator('header').first();
    expect((await header.boundingBox())?.height ?? 999).toBeLessThanOrEqual(64);
    expect(await header.getByRole('link', { name: 'Archiv' }).isVisible()).toBe(false);
    await header.getByText('Menü').click();
    await header.getByRole('link', { name: 'Einstellungen' }).waitFor();
    await header.getByText('Menü').click();
    // the storage hint is closed once per device
    const hint = page.getByTestId('durability-warning');
    if (await hint.isVisible()) {
      await hint.getByRole('button', { name: 'Schließen' }).click();
      await page.reload();
      await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor();
      expect(await page.getByTestId('durability-warning').count()).toBe(0);
    }

    // one time for all entries, as on the table, taken from Now
    const oneTime = page.getByTestId('tour-one-time');
    await oneTime.getByText('Eine Uhrzeit für die Einträge setzen').click();
    await oneTime.getByRole('button', { name: 'Jetzt', exact: true }).click();
    const typed = await oneTime.getByRole('textbox', { name: 'Uhrzeit für die Einträge' }).inputValue();
    expect(viennaNow()).toContain(typed);
    await oneTime.getByRole('combobox', { name: 'Welche Einträge' }).selectOption('all');
    await oneTime.getByRole('button', { name: 'Uhrzeit setzen' }).click();
    await oneTime
      .getByTestId('overwrite-time-result')
      .getByText(/Uhrzeit für \d+ Einträge gesetzt/)
      .waitFor();
    await page.screenshot({ path: 'test-results/ux-tour-list-phone.png' });

    // the station screen: the time is there, and Now is a thumb-sized button
    await page.locator('li[data-station="3001"] button').click();
    const card = page.locator('article[data-tsid="3001-WT"]');
    const time = card.getByRole('textbox', { name: /Uhrzeit$/ });
    await expect.poll(() => time.inputValue()).toBe(typed);
    await time.click();
    await time.press('Control+a');
    await time.press('Backspace');
    const now = card.getByRole('button', { name: 'Jetzt: Quelle Fissladalm (3001), WT', exact: true });
    const box = await now.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(
      await card.getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true }).getAttribute('enterkeyhint'),
    ).toBe('next');
    expect(await time.getAttribute('enterkeyhint')).toBe('next');
    await now.tap();
    await expect.poll(async () => viennaNow().includes(await time.inputValue())).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    // the first value stays above a phone keyboard (about the lower 45 % of the screen)
    await page.screenshot({ path: 'test-results/ux-tour-input-phone-top.png' });
    const firstValue = await page.locator('article [data-entry-value] input').first().boundingBox();
    expect((firstValue?.y ?? 999) + (firstValue?.height ?? 0)).toBeLessThanOrEqual(844 * 0.55);
    // every tap target of the tour's screens is at least 44 × 44 px
    for (const view of ['list', 'input', 'metadata', 'overview']) {
      await page.goto(page.url().replace(/view=[a-z]+/, `view=${view}`));
      await page.locator(`[data-view="${view}"]`).waitFor();
      await page.waitForTimeout(300);
      if (view === 'metadata') {
        // station data as labelled rows, each number on its own in the UI language
        const latlng = page.locator('[data-testid="station-data"][data-key="latlng"]');
        expect(await latlng.locator('dt').textContent()).toBe('Breite, Länge');
        expect(await latlng.locator('dd span span').allTextContents()).toEqual(['47,0412', '10,7433']);
        await page.screenshot({ path: 'test-results/ux-tour-metadata-phone.png', fullPage: true });
      }
      const small = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'a[href], button, select, input:not([type=hidden]), summary, [role="radio"]',
          ),
        ]
          .filter((el) => el.getClientRects().length > 0 && !el.closest('.sr-only') && !el.matches('.sr-only'))
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
          .map(
            ({ el, r }) =>
              `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          ),
      );
      expect(small, view).toEqual([]);
    }
    // the map labels each station with its ordinal and name
    await page.goto(page.url().replace(/view=[a-z]+/, 'view=map'));
    const marker = page.locator('[data-testid="tour-map"] button[data-station="3001"]');
    await marker.waitFor({ timeout: 20_000 });
    expect(await marker.textContent()).toBe('1 Quelle Fissladalm');
    await page.screenshot({ path: 'test-results/ux-tour-map-phone.png' });
    await page.goto(page.url().replace(/view=[a-z]+/, 'view=input'));
    await page.locator('[data-view="input"]').waitFor();
    await page.screenshot({ path: 'test-results/ux-tour-input-phone.png', fullPage: true });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: 'test-results/ux-tour-input-phone-dark.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
