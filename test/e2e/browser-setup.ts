/**
 * Setup file of the e2e project (vitest.config.ts): every browser an e2e test starts, through the harness or
 * playwright-core's `chromium` directly,
 *  - runs in the stations' zone (timezoneId Europe/Vienna, TEST_ZONE), so the app's "today" (todayIn with the
 *    browser's zone) is the tests' "today" and the demo seed's day at any hour of the runner's clock;
 *  - has the run's clock (scripts/test-at.sh moves it; wall-clock.ts);
 *  - stays offline, for `navigator.onLine`, in documents loaded while it is offline (offline-emulation.ts);
 *  - records its pages' console and the last requests, and a failing test leaves a screenshot of every page still
 *    open, the console and the requests under test-results/e2e-failures/ (index.txt names them; scripts/test.sh
 *    prints it in CI's tail).
 * The defaults are applied by wrapping chromium.launch / launchPersistentContext / Browser.newContext once per
 * worker; an explicit timezoneId in a test's options still wins.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserType, type Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { TEST_ZONE } from '../support/dates';
import { keepOfflineInNewDocuments } from './offline-emulation';
import { browserEnv, RUN_CLOCK_SHIFT_MS, shiftWallClock, withRunClock } from './wall-clock';

const FAILURES_DIR = 'test-results/e2e-failures';
const CONSOLE_LINES = 400;
const REQUESTS = 60;

interface Recorder {
  opened: number;
  pages: { name: string; page: Page }[];
  console: string[];
  requests: string[];
}

const WRAPPED = Symbol.for('hydro-rounds.e2e.browser-setup');
type Marked<T> = T & { [WRAPPED]?: Recorder };

const stamp = () => new Date().toISOString().slice(11, 23);

function ring(lines: string[], line: string, max: number): void {
  lines.push(line);
  if (lines.length > max) lines.splice(0, lines.length - max);
}

function record(rec: Recorder, context: BrowserContext): BrowserContext {
  const watch = (page: Page) => {
    rec.opened += 1;
    const name = `page-${rec.opened}`;
    rec.pages.push({ name, page });
    page.on('console', (m) => ring(rec.console, `${stamp()} ${name} [${m.type()}] ${m.text()}`, CONSOLE_LINES));
    page.on('pageerror', (e) => ring(rec.console, `${stamp()} ${name} [pageerror] ${e.message}`, CONSOLE_LINES));
    page.on('close', () => ring(rec.console, `${stamp()} ${name} closed`, CONSOLE_LINES));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  context.on('response', (r) =>
    ring(rec.requests, `${stamp()} ${r.request().method()} ${r.url()} → ${r.status()}`, REQUESTS),
  );
  context.on('requestfailed', (r) =>
    ring(rec.requests, `${stamp()} ${r.method()} ${r.url()} → failed: ${r.failure()?.errorText ?? '?'}`, REQUESTS),
  );
  return context;
}

async function wrapBrowser(rec: Recorder, browser: Browser): Promise<Browser> {
  await withRunClock(browser);
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage calls this.newContext, so pages opened without a context get the defaults too.
  browser.newContext = async (options) => {
    const context = await newContext({ timezoneId: TEST_ZONE, ...options });
    await keepOfflineInNewDocuments(context, options?.offline ?? false);
    return record(rec, context);
  };
  return browser;
}

/** Wraps playwright-core's chromium once per worker process (its module instance is shared by all test files). */
function wrapChromium(): Recorder {
  const type = chromium as Marked<BrowserType>;
  const existing = type[WRAPPED];
  if (existing) return existing;
  const rec: Recorder = { opened: 0, pages: [], console: [], requests: [] };
  const launch = type.launch.bind(type);
  const launchPersistent = type.launchPersistentContext.bind(type);
  const connectOverCDP = type.connectOverCDP.bind(type);
  type.launch = async (options) => wrapBrowser(rec, await launch({ env: browserEnv(), ...options }));
  type.launchPersistentContext = async (dir, options) => {
    const context = await launchPersistent(dir, { timezoneId: TEST_ZONE, env: browserEnv(), ...options });
    if (RUN_CLOCK_SHIFT_MS) await shiftWallClock(context, RUN_CLOCK_SHIFT_MS);
    await keepOfflineInNewDocuments(context, options?.offline ?? false);
    return record(rec, context);
  };
  // a browser started as a plain process (restart.ts, killed like a crash) has the run's clock too
  type.connectOverCDP = (async (...args: Parameters<BrowserType['connectOverCDP']>) =>
    withRunClock(await connectOverCDP(...args))) as BrowserType['connectOverCDP'];
  type[WRAPPED] = rec;
  return rec;
}

const rec = wrapChromium();

function safeName(text: string): string {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 120);
}

async function leaveArtifacts(file: string, testName: string, errors: readonly unknown[]): Promise<void> {
  const dir = join(FAILURES_DIR, safeName(basename(file)), safeName(testName));
  mkdirSync(dir, { recursive: true });
  const open = rec.pages.filter((p) => !p.page.isClosed());
  const shots: string[] = [];
  for (const { name, page } of open) {
    const path = join(dir, `${name}.png`);
    const done = await page
      .screenshot({ path, fullPage: false, timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    shots.push(`${name} ${done ? path : '(no screenshot)'} ${page.url()}`);
  }
  writeFileSync(join(dir, 'console.txt'), rec.console.join('\n') + '\n');
  writeFileSync(join(dir, 'requests.txt'), rec.requests.join('\n') + '\n');
  writeFileSync(
    join(dir, 'failure.txt'),
    [
      `${file} > ${testName}`,
      ...errors.map((e) => (e instanceof Error ? (e.stack ?? e.message) : JSON.stringify(e))),
      'open pages:',
      ...shots,
    ].join('\n') + '\n',
  );
  appendFileSync(join(FAILURES_DIR, 'index.txt'), `${basename(file)} > ${testName}: ${dir}\n`);
}

beforeEach(({ task, onTestFailed }) => {
  // the recorder lives as long as the worker: closed pages of earlier tests and files are let go
  rec.pages = rec.pages.filter((p) => !p.page.isClosed());
  ring(rec.console, `${stamp()} ── test: ${task.name}`, CONSOLE_LINES);
  ring(rec.requests, `${stamp()} ── test: ${task.name}`, REQUESTS);
  onTestFailed(async (ctx) => {
    const file = ctx.task.file.filepath;
    const name = [ctx.task.suite?.name, ctx.task.name].filter(Boolean).join(' > ');
    await leaveArtifacts(file, name, ctx.task.result?.errors ?? []);
  });
});
