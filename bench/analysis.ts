// Analysis screens in real Chromium: how long the group's charts take to paint from stored
// history, and how long a 10,000-line CSV takes to preview with the longest main-thread task meanwhile.
// Targets are printed, never asserted in tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { chromium } from 'playwright-core';
import { startServer } from '../server/app';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/harness';

const TARGET_CHART_MS = 300;
const TARGET_CSV_MS = 2000;
const TARGET_LONG_TASK_MS = 50;
const CSV_LINES = 10_000;

async function main(): Promise<void> {
  await ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-analysis-'));
  const server = await startServer({ port: 0, dataDir: dir, staticDir: 'dist', demo: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const rounds = (await fetch(`${server.url}/hwe-api/v2/measure-round`).then((r) => r.json())) as {
      mrName: string;
      mrId: string;
    }[];
    const round = rounds[0];
    if (!round) throw new Error('no demo round');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // the first visit pulls rounds and history into the device
    await page.goto(`${server.url}/analysis/table/${encodeURIComponent(round.mrName)}`);
    await page.getByTestId('history-table').waitFor({ timeout: 60_000 });
    // every timeseries but the demo's formula (no history of its own) has its history stored
    await page.waitForFunction(
      () => /\b1\b/.test(document.querySelector('[data-testid="history-missing"]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    // a string, not a function: tsx names inner functions with a helper the page does not have
    const charts = (await page.evaluate(`(async () => {
      const link = [...document.querySelectorAll('nav a')].find((a) => (a.getAttribute('href') || '').includes('/analysis/charts/'));
      const start = performance.now();
      link.click();
      await new Promise((resolve) => {
        const check = () => {
          const figures = document.querySelectorAll('[data-testid="ts-chart"]');
          const painted = [...figures].filter((f) => f.querySelector('canvas')).length;
          if (figures.length > 0 && painted === figures.length) resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      const figures = [...document.querySelectorAll('[data-testid="ts-chart"]')];
      return { ms: performance.now() - start, count: figures.length, points: figures.reduce((n, f) => n + Number(f.getAttribute('data-points')), 0) };
    })()`)) as { ms: number; count: number; points: number };

    await page.goto(`${server.url}/csv/${encodeURIComponent(round.mrName)}`);
    await page.getByTestId('csv-file-input').waitFor({ state: 'attached' });
    // let the start-up work (database, first pull) finish, so only the CSV's own tasks are counted
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    await page.evaluate(
      `window.longest = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.longest = Math.max(window.longest, e.duration); (window.tasks = window.tasks || []).push([Math.round(e.startTime), Math.round(e.duration)]); } }).observe({ type: 'longtask' });`,
    );
    const day = DateTime.now().setZone('Europe/Vienna').toFormat('dd.MM.yyyy');
    const lines = [
      'Datum;Wert',
      ...Array.from(
        { length: CSV_LINES },
        (_, i) =>
          `${day} ${String(Math.floor(i / 60) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')};${(i % 97) / 10}`,
      ),
    ];
    const started = Date.now();
    await page
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByTestId('csv-preview').waitFor({ timeout: 30_000 });
    const csvMs = Date.now() - started;
    const longest = (await page.evaluate('window.longest')) as number;

    const rows = [
      {
        measure: `charts paint (${charts.count} timeseries, ${charts.points} points)`,
        value: Math.round(charts.ms),
        target: `< ${TARGET_CHART_MS} ms (20 timeseries)`,
      },
      { measure: `CSV preview (${CSV_LINES} lines)`, value: csvMs, target: `< ${TARGET_CSV_MS} ms` },
      {
        measure: 'longest main-thread task during CSV preview',
        value: Math.round(longest),
        target: `< ${TARGET_LONG_TASK_MS} ms`,
      },
    ];
    console.table(rows);
    console.info(JSON.stringify({ bench: 'analysis', rows }));
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
