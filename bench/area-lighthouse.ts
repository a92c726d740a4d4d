// First load as a field phone sees it: Lighthouse (its default mobile profile: slow 4G, CPU 4× slower, simulated)
// on the start page and on a round's table of the demo, each in a fresh browser profile (a first visit).
// Debian's Chromium is started here with a DevTools port; Lighthouse downloads no browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../test/e2e/harness';
import { record } from './report';
import { mainThreadTime } from './trace-blocking';

/** The demo's first round (server/db/demo-rounds.ts): its table opens under its name. */
const DEMO_ROUND = 'Talsperre Gepatsch Kontrollgang';

async function startChromium(): Promise<{ port: number; proc: ChildProcess; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const proc = spawn(
    process.env.CHROME_PATH ?? CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port: ${err.slice(-500)}`)), 60_000);
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', () => reject(new Error(`Chromium ended: ${err.slice(-500)}`)));
  });
  return { port, proc, profile };
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** from Lighthouse's trace: the blocking counted in the main thread's own time, and the time it waited for a core */
  tbtThread: number;
  waited: number;
}

async function audit(url: string): Promise<Figures> {
  const chrome = await startChromium();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.warn(`  Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    // where the time went (BENCH_LIGHTHOUSE_DETAILS=1): the whole report, for its long tasks, its main-thread
    // breakdown, its LCP element and the elements behind a layout shift
    if (process.env.BENCH_LIGHTHOUSE_DETAILS) {
      const file = `test-results/lighthouse-${new URL(url).pathname.split('/')[1] || 'start'}-${Date.now()}.json`;
      writeFileSync(file, JSON.stringify(result.lhr));
      console.info(`  the whole report: ${file}`);
    }
    const main = mainThreadTime(result.artifacts.Trace.traceEvents);
    const score = (k: string) => Math.round((categories[k]?.score ?? Number.NaN) * 100);
    const value = (k: string) => audits[k]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      tbtThread: main.blockingThreadMs,
      waited: main.wallMs - main.threadMs,
    };
  } finally {
    chrome.proc.kill();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(chrome.profile, { recursive: true, force: true });
  }
}

/** `runs` first visits of each page; the figures of issue 31 with its budgets. */
export async function lighthouseFirstLoad(origin: string, today: string, runs: number): Promise<void> {
  const pages = [
    { key: 'start', name: 'start page /', url: `${origin}/?date=${today}` },
    { key: 'table', name: "a round's table", url: `${origin}/stations/${encodeURIComponent(DEMO_ROUND)}/${today}` },
  ];
  // BENCH_LIGHTHOUSE_PAGES=table (or start): one page only, for comparing builds on it
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  for (const p of pages.filter((page) => !only || only.includes(page.key))) {
    const all: Figures[] = [];
    for (let r = 0; r < runs; r++) all.push(await audit(p.url));
    const of = (k: keyof Figures) => all.map((f) => f[k]);
    const note = 'Lighthouse 12.2.3 mobile (simulated slow 4G, 4× CPU), first visit';
    record(`lighthouse ${p.name}: performance`, 'cpu4x', of('performance'), 'score', 95, {
      budget: '≥ 95',
      higherIsBetter: true,
      note,
    });
    record(`lighthouse ${p.name}: first contentful paint`, 'cpu4x', of('fcp'), 'ms');
    record(`lighthouse ${p.name}: largest contentful paint`, 'cpu4x', of('lcp'), 'ms', 2500);
    record(`lighthouse ${p.name}: total blocking time`, 'cpu4x', of('tbt'), 'ms', 200);
    record(`lighthouse ${p.name}: layout shift`, 'cpu4x', of('cls'), 'CLS', 0.1);
    // Lighthouse's blocking time counts a task's wall time, so also the moments the page waited for one of this
    // machine's two cores (bench/trace-blocking.ts): told apart, a miss shows as the page's or the machine's
    record(
      `lighthouse ${p.name}: blocking time in the main thread's own time (trace)`,
      'cpu4x',
      of('tbtThread'),
      'ms',
      undefined,
      {
        note: 'from the first paint to the end of the trace, each task 4× its thread time',
      },
    );
    record(
      `lighthouse ${p.name}: main thread waiting for a core during its tasks`,
      'cpu4x',
      of('waited'),
      'ms',
      undefined,
      {
        note: "the machine's, not the page's: wall minus thread time of the page's main-thread tasks",
      },
    );
    record(`lighthouse ${p.name}: accessibility`, 'cpu4x', of('accessibility'), 'score', 100, {
      budget: '= 100',
      higherIsBetter: true,
    });
    record(`lighthouse ${p.name}: best practices`, 'cpu4x', of('bestPractices'), 'score', 100, {
      budget: '= 100',
      higherIsBetter: true,
    });
  }
}
