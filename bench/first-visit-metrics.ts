// `DISTS=<dir>[,<dir>…] npx tsx bench/first-visit-metrics.ts [path] [rate] [runs]`: what first visits (a new phone,
// CPU slowed `rate` times, default 4) of a page on the demo server cost the browser in all, per build, builds visited
// in turn: Chrome's own totals (Performance.getMetrics: task, script, layout and style time, layouts, DOM nodes) once
// the visit has settled, the blocking time after the first paint (long tasks' time beyond 50 ms), and the elements
// of the table's station blocks. Totals spread far less between runs than the long tasks do, so a change of a few
// per cent in what a page holds shows. For comparing builds; nothing is asserted and it is not part of `npm run bench`.
import { launch, openPage, PHONE, visitUntilSettled } from './browser';
import { buildServers, longTasksAfterPaint, recordLongTasks } from './first-visits';
import { percentile } from './report';

const dists = (process.env.DISTS ?? 'dist').split(',');
const path = process.argv[2] ?? '/';
const rate = Number(process.argv[3] ?? 4);
const runs = Number(process.argv[4] ?? 5);

const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'Nodes'];
const FIGURES = [...METRICS, 'blocking'] as const;

const servers = await buildServers(dists);
const results = new Map(dists.map((d) => [d, new Map<string, number[]>(FIGURES.map((f) => [f, []]))]));
const blocks = new Map<string, string>();
const browser = await launch();
try {
  for (let r = 0; r < runs; r++) {
    for (const { staticDir, url } of servers) {
      const context = await browser.newContext(PHONE);
      await recordLongTasks(context);
      const page = await openPage(context, rate);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await visitUntilSettled(page, `${url}${path}`);
      const { metrics } = await cdp.send('Performance.getMetrics');
      const { blocking } = await longTasksAfterPaint(page);
      const seen = await page.evaluate(() => {
        const perBlock = [...document.querySelectorAll('tbody[data-station]')].map(
          (b) => b.querySelectorAll('*').length,
        );
        const tags = new Map<string, number>();
        for (const e of document.querySelector('tbody[data-station]')?.querySelectorAll('*') ?? [])
          tags.set(e.tagName.toLowerCase(), (tags.get(e.tagName.toLowerCase()) ?? 0) + 1);
        return {
          perBlock: perBlock.sort((a, b) => a - b)[Math.floor(perBlock.length / 2)] ?? 0,
          tags: [...tags].map(([tag, n]) => `${n} ${tag}`).join(', '),
        };
      });
      const figures = results.get(staticDir);
      for (const m of metrics) {
        if (!METRICS.includes(m.name)) continue;
        // the durations come in seconds
        figures?.get(m.name)?.push(m.name.endsWith('Duration') ? m.value * 1000 : m.value);
      }
      figures?.get('blocking')?.push(blocking);
      blocks.set(staticDir, `${seen.perBlock} elements in a station block (median); the first: ${seen.tags}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
for (const [dist, figures] of results) {
  console.info(`${dist}: ${blocks.get(dist) ?? 'no station blocks'}`);
  for (const [name, values] of figures) {
    const unit = name.endsWith('Duration') || name === 'blocking' ? ' ms' : '';
    console.info(
      `  ${name}: median ${Math.round(percentile(values, 50))}${unit} (${values.map(Math.round).join(', ')})`,
    );
  }
}
process.exit(0);
