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

// A field that takes keys: enabled, and not read-only. While the table reads its stored values the fields are
// read-only and empty (StoredStateGate, src/features/readings/stored-state.tsx) and drop every key, by design: a
// user sees "…" and waits. The bench once looked only for :not(:disabled), typed into such a field on a busy machine
// and waited in vain for a value that was never typed ("Messstelle 1 50000 W never saved", docs/testing.md).
const VALUE = 'input[data-value-input]:not(:disabled):not([readonly])';
const KEY_DELAY_MS = 40;

/**
 * Keystroke probe: input → next frame painted ("painted"), input → data-saved="true" ("durable"). Installed
 * once per page (both CPU profiles type into the same page); entries are keyed by their field's label, since
 * the table may render a field's row anew while its station comes and goes.
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      benchPaint: number[];
      benchBusy: number[];
      benchDurable: number[];
      benchProbe?: true;
      benchSaved(label: string, typed: string): Promise<void>;
    };
    w.benchPaint = [];
    w.benchBusy = [];
    w.benchDurable = [];
    if (w.benchProbe) return;
    w.benchProbe = true;
    const pending = new Map<string, number>();
    // keys that reached a read-only value field (the table still loading): the field rightly drops them
    const dropped = new Set<string>();
    const labelOf = (el: Element) => el.getAttribute('aria-label') ?? '';
    document.addEventListener(
      'keydown',
      (e) => {
        const el = e.target;
        if (el instanceof HTMLInputElement && el.hasAttribute('data-value-input') && el.readOnly)
          dropped.add(labelOf(el));
      },
      true,
    );
    document.addEventListener(
      'input',
      (e) => {
        const el = e.target;
        if (!(el instanceof HTMLInputElement) || !el.hasAttribute('data-value-input')) return;
        const t0 = e.timeStamp;
        pending.set(labelOf(el), t0);
        // React renders the row (value, status colour, messages) in the same task as a discrete input
        // event; the frame after it is the one that shows them. A user-blocking task posted in that frame runs as soon
        // as the frame is painted. A timer (what this probe used until 7 Dec) waits behind the tasks already queued
        // (the write's IndexedDB answers, the saved mark's render): a trace of the 4x pass had the frame painted
        // 11.9 ms after the key and the timer at 125.9 ms, after 15 tasks. The timer's reading stays as its own
        // figure: how long the page is busy after a key.
        requestAnimationFrame(() => {
          void scheduler.postTask(() => w.benchPaint.push(performance.now() - t0), { priority: 'user-blocking' });
          setTimeout(() => w.benchBusy.push(performance.now() - t0));
        });
      },
      true,
    );
    const field = (label: string) =>
      document.querySelector<HTMLInputElement>(`input[data-value-input][aria-label="${CSS.escape(label)}"]`);
    const savedNow = (label: string) => field(label)?.getAttribute('data-saved') === 'true';
    const settle = (label: string) => {
      const t0 = pending.get(label);
      if (t0 === undefined || !savedNow(label)) return;
      w.benchDurable.push(performance.now() - t0);
      pending.delete(label);
    };
    // the saved mark comes as an attribute change, or with a field rendered anew (its station left the rendered
    // window and came back): a field that arrives already marked saved sends no attribute record
    // benchSaved's waiters, asked again at each saved mark: a poll would take the page's main thread from the app
    // in the very time it measures (a 5 ms timer did until 7 Dec)
    const waiters = new Set<() => void>();
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') settle(labelOf(r.target as Element));
        else
          for (const node of r.addedNodes)
            if (node instanceof Element)
              for (const el of node.querySelectorAll('input[data-value-input][data-saved="true"]')) settle(labelOf(el));
      }
      for (const waiter of [...waiters]) waiter();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-saved'] });
    // resolves once the field shows `typed` and marks it saved; says which step failed otherwise (a key that never
    // reached the field is a lost keystroke unless the field was read-only, loading)
    w.benchSaved = (label: string, typed: string) =>
      new Promise<void>((resolve, reject) => {
        const done = () => {
          settle(label);
          if (pending.has(label) || !savedNow(label) || field(label)?.value !== typed) return false;
          waiters.delete(check);
          clearTimeout(timeout);
          resolve();
          return true;
        };
        const check = () => void done();
        const timeout = setTimeout(() => {
          waiters.delete(check);
          if (done()) return;
          const el = field(label);
          const why = !el
            ? 'the field is no longer rendered'
            : dropped.has(label)
              ? 'keys reached it while it was read-only (loading stored values)'
              : el.value !== typed
                ? `it shows "${el.value}" (typed "${typed}"; the focus is on ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? 'nothing'})`
                : `it shows the typed text, data-saved=${el.getAttribute('data-saved')}, ${pending.has(label) ? 'no saved mark seen since the last key' : 'saved mark seen'}; alerts: ${[...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent).join(' | ') || 'none'}`;
          reject(new Error(`${label} never saved: ${why}`));
        }, 30_000);
        if (!done()) waiters.add(check);
      });
  });
}

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

async function typeValues(
  page: Page,
  end: 'first' | 'last',
  values: number,
): Promise<{ paint: number[]; busy: number[]; durable: number[] }> {
  const labels = await valueLabels(page, end, values);
  await page.evaluate(() => {
    const w = window as unknown as { benchPaint: number[]; benchBusy: number[]; benchDurable: number[] };
    w.benchPaint = [];
    w.benchBusy = [];
    w.benchDurable = [];
  });
  for (const [k, label] of labels.entries()) {
    const typed = String(100 + (k % 300));
    // a field the table still loads is read-only: VALUE waits until it takes keys, as a user waits for the "…"
    const input = page.locator(`${VALUE}[aria-label="${label}"]`);
    await input.focus();
    // the typed text replaces what an earlier run typed (the second profile types into the same fields)
    await input.evaluate((el) => (el as HTMLInputElement).select());
    await page.keyboard.type(typed, { delay: KEY_DELAY_MS });
    await page.evaluate(
      ([l, v]) =>
        (window as unknown as { benchSaved(label: string, typed: string): Promise<void> }).benchSaved(l ?? '', v ?? ''),
      [label, typed],
    );
  }
  return page.evaluate(() => {
    const w = window as unknown as { benchPaint: number[]; benchBusy: number[]; benchDurable: number[] };
    return { paint: w.benchPaint, busy: w.benchBusy, durable: w.benchDurable };
  });
}

/** The value fields of the first station: the table commits every station on the screen at once. */
const FIRST_SCREEN = BIG.perStation;
const scrollToEnd = 'window.scrollTo(0, document.body.scrollHeight)';
const LAST_STATION = `tbody[data-index="${BIG.stations - 1}"] ${VALUE}`;

/** Issue 31's budgets (ms): a keystroke painted within a frame, durable within a tenth of a second on a slow phone. */
const TABLE_BUDGETS: Record<'navigation' | 'painted' | 'durable', Record<Profile, number>> = {
  navigation: { normal: 300, cpu4x: 1000 },
  painted: { normal: 16.7, cpu4x: 50 },
  durable: { normal: 25, cpu4x: 100 },
};

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
  record('table: navigation → 2,000-entry table interactive', profile, ms, 'ms', TABLE_BUDGETS.navigation[profile], {
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
  const paint = [...a.paint, ...b.paint];
  const busy = [...a.busy, ...b.busy];
  const durable = [...a.durable, ...b.durable];
  const p95 = (xs: number[]) => percentile(xs, 95);
  record(
    'table: keystroke → painted (p95 of keystrokes)',
    profile,
    [p95(paint)],
    'ms',
    TABLE_BUDGETS.painted[profile],
    {
      note: `${paint.length} keystrokes; p50 ${percentile(paint, 50).toFixed(1)} ms, max ${Math.max(...paint).toFixed(0)} ms`,
    },
  );
  record('table: keystroke → the page takes a timer again (p95 of keystrokes)', profile, [p95(busy)], 'ms', undefined, {
    note: `how long the work a key starts (its write, the saved mark) keeps a timer waiting; p50 ${percentile(busy, 50).toFixed(1)} ms`,
  });
  record(
    'table: value typed → durable (p95 of keystrokes)',
    profile,
    [p95(durable)],
    'ms',
    TABLE_BUDGETS.durable[profile],
    {
      note: `${durable.length} acknowledged; p50 ${percentile(durable, 50).toFixed(1)} ms, max ${Math.max(...durable).toFixed(0)} ms`,
    },
  );
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
