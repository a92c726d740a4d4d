// `DISTS=<dir>[,<dir>…] npx tsx bench/first-visit-tasks.ts [path] [rate] [runs]`: the long tasks (50 ms or more)
// of first visits (a new phone, CPU slowed `rate` times, default 4, no network throttling) on the demo server, as
// the browser's own long-task entries report them. Several builds are visited in turn, run after run, so the
// machine's noise falls on each alike. Per build: the sum of each task's time beyond 50 ms from the first contentful
// paint on (Lighthouse's total blocking time, without its network simulation) and the longest task, median of the runs.
// TRACE=1: the first run of each build also writes a Chrome trace, test-results/first-visit-<n>.trace.json, whose
// long tasks scripts/trace-long-tasks.mjs names. BIG=1: the server also holds the bench's 2,000-entry round with its
// 120,000 historic values, which a first visit pulls (as in `npm run bench`, where Lighthouse runs on such a server).
// LOAF=1: each run also prints the page's long animation frames, with the script each began in (the entry, a chunk,
// a timer, an IndexedDB callback) and how long that script ran: which task is which without a trace.
// For comparing builds; nothing is asserted and it is not part of `npm run bench`.
import { writeFileSync } from 'node:fs';
import { launch, openPage, PHONE, traceCategories, visitUntilSettled } from './browser';
import { buildServers, longTasksAfterPaint, recordLongTasks } from './first-visits';
import { percentile } from './report';

const dists = (process.env.DISTS ?? 'dist').split(',');
const path = process.argv[2] ?? '/';
const rate = Number(process.argv[3] ?? 4);
const runs = Number(process.argv[4] ?? 5);

const servers = await buildServers(dists, Boolean(process.env.BIG));
const browser = await launch();
const results = new Map<string, { blocking: number[]; longest: number[] }>(
  dists.map((d) => [d, { blocking: [], longest: [] }]),
);
try {
  for (let r = 0; r < runs; r++) {
    for (const { staticDir, url } of servers) {
      const context = await browser.newContext(PHONE);
      await recordLongTasks(context);
      await context.addInitScript(() => {
        const l = window as unknown as { benchLoaf: string[] };
        l.benchLoaf = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            startTime: number;
            duration: number;
            renderStart: number;
            styleAndLayoutStart: number;
            blockingDuration: number;
            scripts: {
              invoker: string;
              sourceURL: string;
              duration: number;
              forcedStyleAndLayoutDuration: number;
              executionStart: number;
            }[];
          }[])
            l.benchLoaf.push(
              `${e.startTime.toFixed(0)}+${e.duration.toFixed(0)} render@${(e.renderStart ? e.renderStart - e.startTime : -1).toFixed(0)} layout@${(e.styleAndLayoutStart ? e.styleAndLayoutStart - e.startTime : -1).toFixed(0)} :: ` +
                e.scripts
                  .map(
                    (s) =>
                      `${s.invoker} ${s.sourceURL.split('/').pop()} ${s.duration.toFixed(0)}ms forced ${s.forcedStyleAndLayoutDuration.toFixed(0)}`,
                  )
                  .join(' | '),
            );
        }).observe({ type: 'long-animation-frame', buffered: true });
      });
      const page = await openPage(context, rate);
      const traced = process.env.TRACE && r === 0;
      if (traced)
        await browser.startTracing(page, { categories: traceCategories(Boolean(process.env.TRACE_INVALIDATIONS)) });
      await visitUntilSettled(page, `${url}${path}`);
      if (traced) {
        const file = `test-results/first-visit-${servers.findIndex((s) => s.staticDir === staticDir)}.trace.json`;
        writeFileSync(file, await browser.stopTracing());
        console.info(`${staticDir}: trace in ${file} (node scripts/trace-long-tasks.mjs ${file})`);
      }
      const { fcp, tasks: counted, blocking } = await longTasksAfterPaint(page);
      const longest = Math.max(0, ...counted.map((t) => t.ms));
      results.get(staticDir)?.blocking.push(blocking);
      results.get(staticDir)?.longest.push(longest);
      console.info(
        `${staticDir} run ${r + 1}: blocking ${blocking.toFixed(0)} ms; first contentful paint at ${fcp.toFixed(0)} ms; ` +
          `tasks (duration@start) ${counted.map((t) => `${t.ms.toFixed(0)}@${t.start.toFixed(0)}`).join(' ')}`,
      );
      if (process.env.LOAF)
        console.info((await page.evaluate(() => (window as unknown as { benchLoaf: string[] }).benchLoaf)).join('\n'));
      await context.close();
    }
  }
  for (const [dir, { blocking, longest }] of results)
    console.info(
      `${dir}: blocking median ${percentile(blocking, 50).toFixed(0)} ms (${Math.min(...blocking).toFixed(0)}–${Math.max(...blocking).toFixed(0)}), longest task median ${percentile(longest, 50).toFixed(0)} ms`,
    );
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
process.exit(0);
