// The office table of the 2,000-entry round: navigation → table interactive, scroll to the end →
// the last station painted, keystroke → painted, value typed → durable, the 400th station against the 1st,
// heap after many navigations. The table renders the stations near the screen (use-station-window.ts), so
// "interactive" means every value field on the screen enabled; the others render as they are scrolled to.
// Everything is timed inside the page; the driver only presses keys and waits on promises the probe resolves.
import type { CDPSession, Page } from 'playwright-core';
import { BIG } from './dataset';
import { percentile, record, type Profile } from './report';
import { roundLink } from '../test/e2e/harness';
import { FIND_TIMEOUT_MS, timeClick, timeInPage, withCpuProfile, withLib } from './browser';
import { KEY_DELAY_MS, VALUE, installProbe, recordKeystrokes, typeInto, type KeystrokeTimes } from './keystroke-probe';

/** The labels of the first or last `count` value fields of the round, scrolled to as a user does. */
async function valueLabels(page: Page, end: 'first' | 'last', count: number): Promise<string[]> {
  const index = end === 'first' ? 0 : BIG.stations - 1;
  const scroll = end === 'first' ? 'window.scrollTo(0, 0)' : 'window.scrollTo(0, document.body.scrollHeight)';
  // the guessed heights of stations get measured as they come near: scroll until the station is there
  // (not the table at all, e.g. a link that led elsewhere: fails within a minute instead of scrolling forever)
  await page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    const check = () => {
      if (document.querySelector('tbody[data-index="${index}"]')) requestAnimationFrame(() => setTimeout(resolve));
      else if (performance.now() - t0 > ${FIND_TIMEOUT_MS}) reject(new Error('the table never showed station ${index + 1}: ' + location.pathname));
      else { ${scroll}; requestAnimationFrame(check); }
    };
    ${scroll};
    check();
  })`);
  const labels = await page.locator(VALUE).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  if (labels.length < count) throw new Error(`the table shows ${labels.length} value fields, ${count} wanted`);
  return end === 'first' ? labels.slice(0, count) : labels.slice(-count);
}

async function typeValues(page: Page, end: 'first' | 'last', values: number): Promise<KeystrokeTimes> {
  return typeInto(page, await valueLabels(page, end, values));
}

/** The value fields of the first station: the table commits every station on the screen at once. */
const FIRST_SCREEN = BIG.perStation;
const scrollToEnd = 'window.scrollTo(0, document.body.scrollHeight)';
const LAST_STATION = `tbody[data-index="${BIG.stations - 1}"] ${VALUE}`;

/** Issue 31's budget (ms) for the navigation to the table. */
const NAVIGATION_BUDGETS: Record<Profile, number> = { normal: 300, cpu4x: 1000 };

/**
 * From the round list to the table's value fields on the screen enabled, `runs` times (SPA navigation); then
 * a jump to the end of the round (as the End key or a flick does) until the 400th station's fields are painted.
 */
export async function tableNavigation(page: Page, profile: Profile, runs: number, homeUrl: string): Promise<void> {
  const ms: number[] = [];
  const jump: number[] = [];
  for (let r = 0; r < runs; r++) {
    await page.goto(homeUrl);
    const open = () => timeClick(page, roundLink(page, BIG.mrName), VALUE, FIRST_SCREEN);
    // the first run under the profiler or tracer, if one is asked for (BENCH_CPU_PROFILE, BENCH_TRACE)
    ms.push(await (r === 0 ? withCpuProfile(page, `table-navigation-${profile}`, open) : open()));
    jump.push(await timeInPage(page, scrollToEnd, LAST_STATION, 1));
  }
  record('table: navigation → 2,000-entry table interactive', profile, ms, 'ms', NAVIGATION_BUDGETS[profile], {
    note: 'SPA click on the round list to the value inputs on the screen enabled and a frame painted',
  });
  record('table: jump to the end → 400th station painted', profile, jump, 'ms', undefined, {
    note: "scrollTo(end) to the last station's inputs in the DOM and a frame painted",
  });
}

/** Types into the first and the last stations; records keystroke → painted, typed → durable, last/first. */
export async function tableTyping(page: Page, profile: Profile, values: number): Promise<void> {
  await installProbe(page);
  const { a, b } = await withCpuProfile(page, `table-typing-${profile}`, async () => ({
    a: await typeValues(page, 'first', values),
    b: await typeValues(page, 'last', values),
  }));
  recordKeystrokes('table', profile, {
    paint: [...a.paint, ...b.paint],
    busy: [...a.busy, ...b.busy],
    durable: [...a.durable, ...b.durable],
  });
  record(
    'table: 400th station vs 1st, typed → durable (ratio of medians)',
    profile,
    [percentile(b.durable, 50) / percentile(a.durable, 50)],
    '×',
    1.5,
    {
      note: `first ${values} entries ${percentile(a.durable, 50).toFixed(1)} ms, last ${values} ${percentile(b.durable, 50).toFixed(1)} ms`,
    },
  );
  record(
    'table: 400th station vs 1st, keystroke → painted (ratio of medians)',
    profile,
    [percentile(b.paint, 50) / percentile(a.paint, 50)],
    '×',
    1.5,
  );
}

/**
 * Heap after entering a value into every one of the 2,000 entries and `reps` × `perRep` navigations between
 * the round list and the table (garbage collected after each repetition); growth between repetitions.
 */
export async function heapGrowth(
  page: Page,
  cdp: CDPSession,
  homeUrl: string,
  bundle: string,
  date: string,
  reps: number,
  perRep: number,
): Promise<void> {
  // where the area's time goes (the smoke's slowest area on a loaded machine)
  const steps: string[] = [];
  let t = performance.now();
  const step = (name: string) => {
    steps.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  // one typed value opens the table's instance as a user does; the rest go through the app's writeDraft
  await page.goto(homeUrl);
  await roundLink(page, BIG.mrName).click();
  const first = page.locator(VALUE).first();
  await first.focus();
  const label = (await first.getAttribute('aria-label')) ?? '';
  await first.evaluate((el) => (el as HTMLInputElement).select());
  await page.keyboard.type('1', { delay: KEY_DELAY_MS });
  // this field shows the key and marks it saved (any other field's saved mark from the typing area proves nothing)
  await page.waitForFunction(
    (l) => {
      const el = document.querySelector<HTMLInputElement>(`input[data-value-input][aria-label="${CSS.escape(l)}"]`);
      return el?.value === '1' && el.getAttribute('data-saved') === 'true';
    },
    label,
    { timeout: FIND_TIMEOUT_MS },
  );
  step('typed');
  const filled = await withLib(page, bundle, (lib, a) => lib.fillDrafts(...(a as [string, string])), [BIG.mrId, date]);
  step('filled');
  const heaps: number[] = [];
  await page.goto(homeUrl);
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < perRep; i++) {
      await timeClick(page, roundLink(page, BIG.mrName), VALUE, FIRST_SCREEN);
      await page.evaluate(() => history.back());
    }
    await roundLink(page, BIG.mrName).waitFor();
    await cdp.send('HeapProfiler.collectGarbage');
    heaps.push((await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6);
    step(`repetition ${r + 1}`);
  }
  console.info(`  heap steps: ${steps.join(', ')}`);
  const growth = heaps.slice(1).map((h, i) => ((h - (heaps[i] ?? h)) / (heaps[i] ?? h)) * 100);
  record(`heap: growth between repetitions of ${perRep} navigations`, 'normal', growth, '%', 20, {
    note: `${filled} values entered, ${reps * perRep} navigations; heap after each repetition: ${heaps.map((h) => h.toFixed(1)).join(', ')} MB`,
  });
}
