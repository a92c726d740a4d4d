// The outdoor tour of a stored 400-station round: 20 stored tours as "Take offline" writes them,
// then the station list painted and the next station's input painted, at the 1st and the 400th station;
// and keys typed into a station's values on a phone's screen (keystroke → painted, typed → durable).
import type { Page } from 'playwright-core';
import { BIG } from './dataset';
import { FIRST_SCREEN_STATIONS } from '../src/features/tour/first-screen';
import { percentile, record, type Profile } from './report';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, timeClick, timeInPage, withCpuProfile, withLib } from './browser';
import { VALUE, installProbe, recordKeystrokes, typeInto, type KeystrokeTimes } from './keystroke-probe';

export const STORED_TOURS = 20;

/** Stores the tours through the app's own storeTour in the device's database; returns their ids. */
export async function storeTours(page: Page, bundle: string, date: string): Promise<string[]> {
  return withLib(page, bundle, (lib, a) => lib.storeTours(...(a as [string, number, string])), [
    BIG.mrId,
    STORED_TOURS,
    date,
  ]);
}

export async function tour(
  page: Page,
  origin: string,
  instanceId: string,
  profile: Profile,
  runs: number,
): Promise<void> {
  const list: number[] = [];
  const listAll: number[] = [];
  const nextFirst: number[] = [];
  const nextLast: number[] = [];
  const busyFirst: number[] = [];
  const busyLast: number[] = [];
  const last = String(50000 + BIG.stations - 2);
  for (let r = 0; r < runs; r++) {
    await page.goto(`${origin}/mobile/${instanceId}?view=input&station=50000`);
    await page.getByTestId('station-position').first().waitFor({ timeout: 60_000 });
    // the list tab, from the input view (client-side navigation)
    // the first screen of stations (the rest joins in a transition after its frame), then all of them in the DOM
    const stationsTab = page
      .getByRole('navigation', { name: 'Tour' })
      .getByRole('link', { name: 'Stationen', exact: true });
    list.push(await timeClick(page, stationsTab, 'li[data-station]', FIRST_SCREEN_STATIONS));
    listAll.push(list.at(-1) ?? 0);
    listAll[listAll.length - 1] =
      (listAll.at(-1) ?? 0) + (await timeInPage(page, '', 'li[data-station]', BIG.stations));
    await page.goto(`${origin}/mobile/${instanceId}?view=input&station=50000`);
    await page.getByTestId('station-position').first().waitFor({ timeout: 60_000 });
    const first = await nextStation(page);
    nextFirst.push(first.painted);
    busyFirst.push(first.busy);
    await page.goto(`${origin}/mobile/${instanceId}?view=input&station=${last}`);
    await page.getByTestId('station-position').first().waitFor({ timeout: 60_000 });
    // the first run's step to the last station under the profiler or tracer, if one is asked for (BENCH_CPU_PROFILE,
    // BENCH_TRACE); the others as they are
    const atLast = await (r === 0
      ? withCpuProfile(page, `tour-next-${profile}`, () => nextStation(page))
      : nextStation(page));
    nextLast.push(atLast.painted);
    busyLast.push(atLast.busy);
  }
  record(`tour: station list of ${BIG.stations} stations painted (first screen)`, profile, list, 'ms', 100, {
    note: `client-side navigation from the input view to the first ${FIRST_SCREEN_STATIONS} list items and a frame painted; ${STORED_TOURS} tours stored`,
  });
  record(`tour: station list, all ${BIG.stations} stations in the DOM`, profile, listAll, 'ms', undefined, {
    note: 'the stations after the first screen join in a React transition',
  });
  record('tour: next station → its input painted (1st → 2nd)', profile, nextFirst, 'ms', 100);
  record('tour: next station → its input painted (399th → 400th)', profile, nextLast, 'ms', 100);
  // how long a step keeps the page busy: no budget (the keystroke's own such figure has none either)
  record('tour: next station → the page takes a timer again (1st → 2nd)', profile, busyFirst, 'ms');
  record('tour: next station → the page takes a timer again (399th → 400th)', profile, busyLast, 'ms');
  record(
    'tour: 400th station vs 1st, next station (ratio of medians)',
    profile,
    [percentile(nextLast, 50) / percentile(nextFirst, 50)],
    '×',
    1.5,
  );
}

/**
 * Clicks "next station"; resolves when the station position text changed and the frame showing the new inputs was
 * painted (a user-blocking task posted in that frame runs once it is painted, as the table's keystroke probe does),
 * and when the page next took a timer (which waits behind every task already queued: what this figure measured until
 * 7 Dec).
 */
async function nextStation(page: Page): Promise<{ painted: number; busy: number }> {
  return page.evaluate(
    () =>
      new Promise<{ painted: number; busy: number }>((resolve, reject) => {
        const pos = document.querySelector('[data-testid="station-position"]');
        const before = pos?.textContent;
        const button = [...document.querySelectorAll('button')].find((b) =>
          (b.getAttribute('aria-label') ?? '').startsWith('Nächste Station'),
        );
        if (!button) return reject(new Error('no next-station button'));
        const t0 = performance.now();
        button.click();
        // in a frame's callback: that frame paints what is in the DOM now
        const measure = () => {
          const painted = scheduler.postTask(() => performance.now() - t0, { priority: 'user-blocking' });
          setTimeout(() => {
            const busy = performance.now() - t0;
            void painted.then((ms) => resolve({ painted: ms, busy }));
          });
        };
        const check = (inFrame: boolean) => {
          const now = document.querySelector('[data-testid="station-position"]')?.textContent;
          if (now !== before && document.querySelector('input[data-value-input]')) {
            if (inFrame) measure();
            else requestAnimationFrame(measure);
          } else if (performance.now() - t0 > 30_000) reject(new Error('next station never shown'));
          else requestAnimationFrame(() => check(true));
        };
        check(false);
      }),
  );
}

/**
 * A field worker types the values of `stations` stations (the first ones and the last ones of the round) into the
 * tour's station card on a phone's screen: keystroke → painted and typed → durable, with the table's budgets.
 */
export async function tourTyping(
  page: Page,
  origin: string,
  instanceId: string,
  profile: Profile,
  stations: number,
): Promise<void> {
  const numbers = Array.from({ length: stations }, (_, k) =>
    String(k < stations / 2 ? 50000 + k : 50000 + BIG.stations - stations + k),
  );
  const all: KeystrokeTimes = { paint: [], busy: [], durable: [] };
  // the bench's one device has a desktop's screen; the tour is for a phone's
  await page.setViewportSize(PHONE_VIEWPORT);
  try {
    for (const [k, station] of numbers.entries()) {
      await page.goto(`${origin}/mobile/${instanceId}?view=input&station=${station}`);
      await page.getByTestId('station-position').first().waitFor({ timeout: 60_000 });
      await page.locator(VALUE).first().waitFor();
      await installProbe(page);
      const labels = await page
        .locator(VALUE)
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
      // the first station's keys under the profiler or tracer, if one is asked for (BENCH_CPU_PROFILE, BENCH_TRACE)
      const times = await (k === 0
        ? withCpuProfile(page, `tour-typing-${profile}`, () => typeInto(page, labels))
        : typeInto(page, labels));
      for (const key of ['paint', 'busy', 'durable'] as const) all[key].push(...times[key]);
    }
  } finally {
    await page.setViewportSize(DESKTOP_VIEWPORT);
  }
  recordKeystrokes('tour', profile, all, ` on a phone's screen, ${numbers.length} stations`);
}
