// Shared browser plumbing of `npm run bench`: headless Chromium, the two CPU profiles, and in-page waits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Locator,
  type Page,
} from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/harness';
import { browserEnv, withRunClock } from '../test/e2e/wall-clock';
import { TEST_ZONE } from '../test/support/dates';
import { noteConsole, type Profile } from './report';
import type { BenchLib } from './page-bundle';

export const PROFILES: readonly { profile: Profile; rate: number }[] = [
  { profile: 'normal', rate: 1 },
  { profile: 'cpu4x', rate: 4 },
];
// the stations' zone, so the app's today is the bench's today (testToday) at any hour
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP: BrowserContextOptions = {
  viewport: DESKTOP_VIEWPORT,
  locale: 'de-DE',
  timezoneId: TEST_ZONE,
};
export const PHONE: BrowserContextOptions = {
  viewport: PHONE_VIEWPORT,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'de-DE',
  timezoneId: TEST_ZONE,
};

/** How long the bench waits for a screen or a control it looks for before the area fails. */
export const FIND_TIMEOUT_MS = 60_000;

// tsx (esbuild keepNames) wraps functions passed to page.evaluate in a `__name` helper the page lacks
const NAME_SHIM = 'window.__name = window.__name || ((f) => f);';

export async function launch(): Promise<Browser> {
  // the run's clock when scripts/test-at.sh moved it (its bench smoke)
  return withRunClock(
    await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, env: browserEnv() }),
  );
}

export async function openPage(context: BrowserContext, rate: number): Promise<Page> {
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  page.on('console', (m) => noteConsole(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => noteConsole(`[pageerror] ${e.message}`));
  // a page slowed four times with 2,000 rows answers late, but not a minute late: an area that cannot find its
  // way (a renamed button, a screen that never comes) fails loudly within a minute instead of hanging
  page.setDefaultTimeout(FIND_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(FIND_TIMEOUT_MS);
  await throttle(page, rate);
  return page;
}

/** CPU slowed `rate` times (1 = normal), as a field phone: CDP Emulation.setCPUThrottlingRate. */
export async function throttle(page: Page, rate: number): Promise<void> {
  // one session per page: a rate set through a second session would not replace the first one's
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = await page.context().newCDPSession(page)));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
const sessions = new WeakMap<Page, CDPSession>();

/**
 * With BENCH_CPU_PROFILE=<dir>, records a Chrome CPU profile of the page while `fn` runs and writes it to
 * `<dir>/<name>.cpuprofile` (open it in Chrome DevTools' Performance panel, or summarise it with
 * `node scripts/cpuprofile-summary.mjs`). Without it, just runs `fn`: a profiler slows what it watches.
 */
export async function withCpuProfile<R>(page: Page, name: string, fn: () => Promise<R>): Promise<R> {
  const traceDir = process.env.BENCH_TRACE;
  if (traceDir) return withTrace(page, traceDir, name, fn);
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return fn();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  // 100 µs: a keystroke's steps take a millisecond or two each, the default 1 ms sampling would miss them
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

/**
 * A first visit of `url` until its work is done: the network idle, then 3 s more, since the first pull's last writes
 * and renders come after its last answer. For the first-visit benches, which profile or trace all of it.
 */
export async function visitUntilSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
}

/**
 * What a bench's Chrome trace records: the page's tasks with the browser's own steps, and the CPU samples in them
 * (scripts/trace-long-tasks.mjs reads both, and who posted each task); `invalidations` also why style, layout and paint were invalidated (a
 * much larger trace).
 */
export function traceCategories(invalidations = false): string[] {
  return [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'disabled-by-default-v8.cpu_profiler',
    // which code posted each task (a source file and function of the browser's): names the browser's own tasks that
    // run no script, such as autofill's reading of the page's fields after a key
    'toplevel',
    ...(invalidations ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
  ];
}

/**
 * BENCH_TRACE=<dir> (BENCH_TRACE_INVALIDATIONS=1 with invalidations) instead of BENCH_CPU_PROFILE: a Chrome trace of the page's tasks, with the CPU samples in it,
 * written to `<dir>/<name>.trace.json`; `node scripts/trace-long-tasks.mjs <file> [ms]` names its long tasks.
 */
async function withTrace<R>(page: Page, dir: string, name: string, fn: () => Promise<R>): Promise<R> {
  const browser = page.context().browser();
  if (!browser) return fn();
  await browser.startTracing(page, { categories: traceCategories(Boolean(process.env.BENCH_TRACE_INVALIDATIONS)) });
  try {
    return await fn();
  } finally {
    const trace = await browser.stopTracing();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.trace.json`), trace);
  }
}

/**
 * Runs `fn(lib, arg)` in the page with the bench's in-page library (page/lib.ts), loading it once per
 * document. Both go in as source text through CDP evaluation, which the app's CSP (script-src 'self') allows.
 */
export async function withLib<R>(
  page: Page,
  bundle: string,
  fn: (lib: BenchLib, arg: unknown) => Promise<R>,
  arg?: unknown,
): Promise<R> {
  await page.evaluate(NAME_SHIM);
  if (!(await page.evaluate('typeof window.benchLib !== "undefined"')))
    await page.evaluate(`${bundle};window.benchLib = benchLib;`);
  return (await page.evaluate(`(${fn.toString()})(window.benchLib, ${JSON.stringify(arg ?? null)})`)) as R;
}

/**
 * Runs `start` in the page and resolves with the milliseconds until `selector` matches at least `count`
 * elements and the next frame was painted (rAF, then a task after it). Measured in the page.
 */
export async function timeInPage(
  page: Page,
  start: string,
  selector: string,
  count: number,
  timeoutMs = 60_000,
): Promise<number> {
  // a string, so `start` runs as code without eval in the page (the app's CSP forbids it)
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    ${start};
    const check = () => {
      if (document.querySelectorAll(${JSON.stringify(selector)}).length >= ${count}) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
      else if (performance.now() - t0 > ${timeoutMs}) reject(new Error('timeout waiting for ${count} × ' + ${JSON.stringify(selector)}));
      else requestAnimationFrame(check);
    };
    check();
  })`)) as number;
}

/**
 * Times a user's click on `target` (found by role and visible name, as the e2e tests find it) until `count`
 * elements match `selector` and a frame is painted. The click happens inside the page, so the figure holds no
 * driver round trip; a target that is not there fails within FIND_TIMEOUT_MS, naming what was looked for.
 */
export async function timeClick(page: Page, target: Locator, selector: string, count: number): Promise<number> {
  await target.waitFor({ timeout: FIND_TIMEOUT_MS });
  await target.evaluate((el) => {
    (window as unknown as { benchTarget?: Element }).benchTarget = el;
  });
  return timeInPage(page, 'window.benchTarget.click()', selector, count, FIND_TIMEOUT_MS);
}
