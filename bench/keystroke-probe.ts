// The keystroke probe of the bench's typing areas (the table's, the tour's): in the page, each key's input → its
// frame painted, → the page taking a timer again, and → the field marked saved (its value in IndexedDB).
import type { Page } from 'playwright-core';
import { percentile, record, type Profile } from './report';

/** Issue 31's budgets (ms), in the table and the tour: a key painted within a frame, durable within a tenth of a second. */
export const KEYSTROKE_BUDGETS: Record<'painted' | 'durable', Record<Profile, number>> = {
  painted: { normal: 16.7, cpu4x: 50 },
  durable: { normal: 25, cpu4x: 100 },
};

// A field that takes keys: enabled, and not read-only. While the table reads its stored values the fields are
// read-only and empty (StoredStateGate, src/features/readings/stored-state.tsx) and drop every key, by design: a
// user sees "…" and waits. The bench once looked only for :not(:disabled), typed into such a field on a busy machine
// and waited in vain for a value that was never typed ("Messstelle 1 50000 W never saved", docs/testing.md).
export const VALUE = 'input[data-value-input]:not(:disabled):not([readonly])';
export const KEY_DELAY_MS = 40;

/**
 * Keystroke probe: input → next frame painted ("painted"), input → data-saved="true" ("durable"). Installed
 * once per page (both CPU profiles type into the same page); entries are keyed by their field's label, since
 * the table may render a field's row anew while its station comes and goes.
 */
export async function installProbe(page: Page): Promise<void> {
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

/** The three timings of every key typed since the last `typeInto`, as the probe took them in the page. */
export interface KeystrokeTimes {
  paint: number[];
  busy: number[];
  durable: number[];
}

/**
 * Types a value of three digits into each field named by its label (focused, its text selected, keys
 * KEY_DELAY_MS apart) and waits until the field shows it and marks it saved before the next field.
 */
export async function typeInto(page: Page, labels: readonly string[]): Promise<KeystrokeTimes> {
  await page.evaluate(() => {
    const w = window as unknown as { benchPaint: number[]; benchBusy: number[]; benchDurable: number[] };
    w.benchPaint = [];
    w.benchBusy = [];
    w.benchDurable = [];
  });
  for (const [k, label] of labels.entries()) {
    const typed = String(100 + (k % 300));
    // a field still loading is read-only: VALUE waits until it takes keys, as a user waits for the "…"
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

/**
 * Records the p95 of a typing pass's keys: keystroke → painted and typed → durable against issue 31's budgets, and
 * how long a key keeps a timer waiting. `area` names the screen ('table', 'tour'), `where` says more in the note.
 */
export function recordKeystrokes(area: string, profile: Profile, t: KeystrokeTimes, where = ''): void {
  const p95 = (xs: number[]) => percentile(xs, 95);
  const spread = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  record(
    `${area}: keystroke → painted (p95 of keystrokes)`,
    profile,
    [p95(t.paint)],
    'ms',
    KEYSTROKE_BUDGETS.painted[profile],
    { note: `${t.paint.length} keystrokes${where}; ${spread(t.paint)}` },
  );
  record(
    `${area}: keystroke → the page takes a timer again (p95 of keystrokes)`,
    profile,
    [p95(t.busy)],
    'ms',
    undefined,
    {
      note: `how long the work a key starts (its write, the saved mark) keeps a timer waiting; p50 ${percentile(t.busy, 50).toFixed(1)} ms`,
    },
  );
  record(
    `${area}: value typed → durable (p95 of keystrokes)`,
    profile,
    [p95(t.durable)],
    'ms',
    KEYSTROKE_BUDGETS.durable[profile],
    { note: `${t.durable.length} acknowledged; ${spread(t.durable)}` },
  );
}
