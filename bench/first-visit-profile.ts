// `npx tsx bench/first-visit-profile.ts [path] [rate]`: a CPU profile of one first visit (a new phone, CPU slowed
// `rate` times, default 4) on the demo server, written to test-results/first-visit.cpuprofile; summarise it with
// `node scripts/cpuprofile-summary.mjs`. For finding what the first load's long tasks are; nothing is asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { launch, openPage, PHONE, visitUntilSettled, withCpuProfile } from './browser';

if (!process.env.DIST) ensureBuild();
const path = process.argv[2] ?? '/';
const rate = Number(process.argv[3] ?? 4);
const dir = mkdtempSync(join(tmpdir(), 'bench-fv-server-'));
const server = await startServer({ port: 0, dataDir: dir, staticDir: process.env.DIST ?? 'dist', demo: true });
const browser = await launch();
try {
  const context = await browser.newContext(PHONE);
  const page = await openPage(context, rate);
  await withCpuProfile(page, 'first-visit', async () => {
    const started = Date.now();
    await visitUntilSettled(page, `${server.url}${path}`);
    console.info(`first visit of ${path} at ${rate}×: ${Date.now() - started} ms to network idle + 3 s`);
  });
  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
