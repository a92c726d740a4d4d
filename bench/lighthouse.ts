// `npx tsx bench/lighthouse.ts`: the Lighthouse area of `npm run bench` alone (area-lighthouse.ts), on the demo
// server without the big dataset: a first-load change measured in a few minutes. BENCH_LIGHTHOUSE_RUNS=n per page
// (default 1), BENCH_LIGHTHOUSE_PAGES=table|start for one page only; writes test-results/lighthouse.json (compared with the last such run). Nothing is asserted.
// DIST=<dir> measures another build (built before, e.g. of an older commit) instead of building dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { testToday } from '../test/support/dates';
import { lighthouseFirstLoad } from './area-lighthouse';
import { area, writeReport } from './report';

const staticDir = process.env.DIST ?? 'dist';
if (!process.env.DIST) ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'bench-lh-server-'));
const server = await startServer({ port: 0, dataDir: dir, staticDir, demo: true });
const started = performance.now();
try {
  await area('lighthouse', () =>
    lighthouseFirstLoad(server.url, testToday(), Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)),
  );
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
writeReport(
  { scenario: 'lighthouse', totalSeconds: Math.round((performance.now() - started) / 1000) },
  'test-results/lighthouse.json',
);
process.exit(0);
