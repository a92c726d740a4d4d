// What the first-visit benches (first-visit-tasks.ts, first-visit-metrics.ts) share: a demo server per build, so
// builds can be visited in turn, and the page's own long-task entries with the blocking time Lighthouse would count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer } from '../server/app';
import { seedBigRound } from './dataset';

export interface BuildServer {
  staticDir: string;
  url: string;
  close(): Promise<void>;
}

/** A demo server for each build directory; `big`: also the bench's 2,000-entry round with its 120,000 values. */
export function buildServers(dists: readonly string[], big = false): Promise<BuildServer[]> {
  return Promise.all(
    dists.map(async (staticDir) => {
      const dir = mkdtempSync(join(tmpdir(), 'bench-first-visit-'));
      const server = await startServer({ port: 0, dataDir: dir, staticDir, demo: true });
      if (big) await seedBigRound(server.db);
      return {
        staticDir,
        url: server.url,
        close: async () => {
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }),
  );
}

/** Every page of the context records the browser's long-task entries from its start (read by longTasksAfterPaint). */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { benchLongTasks: { start: number; ms: number }[] };
    w.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.benchLongTasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * As Lighthouse counts: the long tasks from the first contentful paint on, and their blocking time (each task's
 * time beyond 50 ms).
 */
export async function longTasksAfterPaint(
  page: Page,
): Promise<{ fcp: number; tasks: { start: number; ms: number }[]; blocking: number }> {
  const { all, fcp } = await page.evaluate(() => ({
    all: (window as unknown as { benchLongTasks: { start: number; ms: number }[] }).benchLongTasks,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  const tasks = all.filter((t) => t.start >= fcp);
  return { fcp, tasks, blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0) };
}
