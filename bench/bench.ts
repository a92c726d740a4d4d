// `npm run bench`: builds the app, starts the real server with the large dataset (dataset.ts),
// drives headless Chromium through every measured area in both CPU profiles, prints one table and writes
// bench/results.json. BENCH_RUNS=n changes the runs per figure (default 5).
// `npm run bench -- --smoke` (a step of `npm test`): every area once, normal CPU profile only, small counts; it
// writes test-results/bench-smoke.json and exits 1 when an area failed (a broken probe is red the day it breaks).
// Its figures are no measurement: budgets are printed, never a reason to fail.
// BENCH_PHONE=1 makes the one device of the table's areas a phone (its cards instead of the desktop's rows); the
// recorded figures are the desktop's.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { BIG, BIG_ENTRIES, BIG_VALUES, seedBigRound } from './dataset';
import { pageBundle } from './page-bundle';
import { area, failedAreas, writeReport } from './report';
import { DESKTOP, PHONE, PROFILES, launch, openPage, throttle, withCpuProfile, withLib } from './browser';
import { initialJs } from './area-static';
import { historyPull, unchangedPull } from './area-sync';
import { heapGrowth, tableNavigation, tableTyping } from './area-table';
import { baselineRatios } from './area-baseline';
import { concurrentSubmissions } from './area-server';
import { historyImport } from './area-history';
import { fleetLoad } from './area-fleet';
import { storeTours, tour, tourTyping } from './area-tour';
import { photoResize } from './area-photo';
import { offlineColdStart } from './area-coldstart';
import { loginStart } from './area-login-start';
import { permissionGrid, seedGridUsers } from './area-permissions';
import { lighthouseFirstLoad } from './area-lighthouse';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { seedPgliteFromTemplate } from '../test/support/server/pglite-template';
import { testToday } from '../test/support/dates';
import { roundLink } from '../test/e2e/harness';

const SMOKE = process.argv.includes('--smoke');
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 5);
// a first pull of 120,000 values takes 25–60 s here: three devices per profile keep the run near 10 minutes
const PULL_RUNS = SMOKE ? 1 : Number(process.env.BENCH_PULL_RUNS ?? Math.min(RUNS, 3));
// the 50 navigations: ten repetitions of five
const HEAP_NAVIGATIONS = SMOKE ? 1 : 5;
const PHOTOS = SMOKE ? 3 : 200;
const PHOTO_BYTES = 300_000;
const HEAP_REPETITIONS = SMOKE ? 2 : 10;
const TYPED_VALUES = SMOKE ? 2 : 15;
const TOUR_TYPED_STATIONS = SMOKE ? 1 : 4;
const profiles = SMOKE ? PROFILES.filter((p) => p.profile === 'normal') : PROFILES;
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !ONLY || ONLY.some((o) => name.startsWith(o));
const started = performance.now();

/** 1,000 devices and 50 submitters on two instances (one killed mid-run); PostgreSQL only. */
async function fleetArea(): Promise<void> {
  const { databaseUrl } = await testDatabaseOptions('');
  await area('fleet (PostgreSQL, two instances)', () => fleetLoad(databaseUrl ?? ''));
}

ensureBuild();
await area('static', async () => initialJs());
const dir = mkdtempSync(join(tmpdir(), 'bench-'));
// the demo database a fresh start would build, copied from the one the server tests built (or built once here):
// PGlite's initdb, the migrations and the seed took 10–30 s of every run, measured nowhere
await seedPgliteFromTemplate(dir);
const server = await startServer({ port: 0, dataDir: dir, staticDir: 'dist', demo: true });
const seedSeconds = await seedBigRound(server.db);
console.info(
  `dataset: ${BIG_ENTRIES} entries, ${BIG_VALUES} historic values, seeded in ${seedSeconds.toFixed(1)} s; server ${server.url}`,
);
const bundle = await pageBundle();
const browser = await launch();
const today = testToday();
const home = `${server.url}/?date=${today}`;
// The smoke runs the fleet (two server processes and PostgreSQL, no browser) beside the browser areas: it proves only
// that the area finds its way, and alone it was a third of the smoke's time, mostly its fixed phases' waits. A full
// run keeps every area alone, so no area's figure is measured beside another's work.
const fleetBeside = SMOKE && wanted('fleet') && process.env.TEST_PG_URL ? fleetArea() : undefined;
try {
  // first, while nothing else runs: Lighthouse's simulated phone (BENCH_LIGHTHOUSE_RUNS, default 1: about a minute each)
  if (wanted('lighthouse') && !SMOKE)
    await area('lighthouse', () =>
      lighthouseFirstLoad(server.url, today, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)),
    );
  for (const { profile, rate } of profiles) {
    if (wanted('sync'))
      await area(`sync (${profile})`, () => historyPull(browser, home, bundle, profile, rate, PULL_RUNS));
  }
  // one device for the rest: it has pulled everything once; the profiles switch its CPU rate
  const context = await browser.newContext(process.env.BENCH_PHONE ? PHONE : DESKTOP);
  const page = await openPage(context, 1);
  await page.goto(home);
  await roundLink(page, BIG.mrName).waitFor({ timeout: 120_000 });
  // the first pull of 120,000 values takes up to a minute here (more on a loaded machine): five, then it failed
  for (let stored = 0, deadline = Date.now() + 300_000; stored < BIG_VALUES;) {
    if (Date.now() > deadline) throw new Error(`the device stored ${stored} of ${BIG_VALUES} history values`);
    stored =
      (await withLib(page, bundle, (lib, min) => lib.storedHistoryValues(min as number), BIG_ENTRIES)).values ?? 0;
    await new Promise((r) => setTimeout(r, 500));
  }
  const tours = wanted('tour') ? await storeTours(page, bundle, today) : [];
  if (wanted('permissions')) await seedGridUsers(server.url);
  // the 200 photos of 300 KB, on the first stored tour (field users take photos on tours)
  if (tours[0]) {
    const bytes = await withLib(page, bundle, (lib, a) => lib.storePhotos(...(a as [string, number, number])), [
      tours[0],
      PHOTOS,
      PHOTO_BYTES,
    ]);
    console.info(`photos: ${PHOTOS} stored on tour ${tours[0]}, ${(bytes / 1e6).toFixed(1)} MB`);
  }
  for (const { profile, rate } of profiles) {
    await throttle(page, rate);
    if (wanted('sync'))
      await area(`unchanged pull (${profile})`, () => unchangedPull(page, home, bundle, profile, RUNS));
    // the light screens first: once the 2,000-row table is open, a slowed page stays busy for a while
    if (wanted('tour') && tours[0])
      await area(`tour (${profile})`, async () => {
        await tour(page, server.url, tours[0] ?? '', profile, RUNS);
        await tourTyping(page, server.url, tours[0] ?? '', profile, TOUR_TYPED_STATIONS);
      });
    if (wanted('baseline')) await area(`baseline (${profile})`, () => baselineRatios(page, bundle, profile, RUNS));
    if (wanted('permissions'))
      await area(`permissions (${profile})`, () => permissionGrid(page, server.url, profile, RUNS));
    if (wanted('table')) await area(`table navigation (${profile})`, () => tableNavigation(page, profile, RUNS, home));
    if (wanted('table')) await area(`table typing (${profile})`, () => tableTyping(page, profile, TYPED_VALUES));
    if (wanted('table'))
      await area(`photo (${profile})`, () =>
        withCpuProfile(page, `photo-${profile}`, () => photoResize(page, profile, RUNS)),
      );
  }
  await throttle(page, 1);
  if (wanted('heap'))
    await area('heap', async () =>
      heapGrowth(page, await context.newCDPSession(page), home, bundle, today, HEAP_REPETITIONS, HEAP_NAVIGATIONS),
    );
  await context.close();
  if (wanted('coldstart')) await area('offline cold start', () => offlineColdStart(home, profiles, RUNS));
  // the start with a login: its own server, which trusts the login tests' identity provider
  if (wanted('login')) await area('login start', () => loginStart(browser, profiles, RUNS));
  if (wanted('server')) await area('server', () => concurrentSubmissions(server.url, RUNS));
  // the production database: `npm run bench` starts a throw-away PostgreSQL cluster when it is installed
  // the smoke takes the PGlite way only (the same routes; the server tests run on PostgreSQL too)
  if (wanted('server') && process.env.TEST_PG_URL && !SMOKE) {
    const pgServer = await startServer({
      port: 0,
      staticDir: 'dist',
      ...(await testDatabaseOptions(mkdtempSync(join(tmpdir(), 'bench-pg-')))),
    });
    try {
      await area('server (PostgreSQL)', () => concurrentSubmissions(pgServer.url, RUNS, 'PostgreSQL'));
    } finally {
      await pgServer.close();
    }
  }
  // a million historic values in bulk (issue 30), on PGlite and, when installed, on PostgreSQL
  // the smoke imports into PostgreSQL when there is one (a fresh PGlite alone takes half a minute to migrate here)
  if (wanted('history') && !(SMOKE && process.env.TEST_PG_URL)) await area('history in', () => historyImport());
  if (wanted('history') && process.env.TEST_PG_URL) {
    const { databaseUrl } = await testDatabaseOptions('');
    await area('history in (PostgreSQL)', () => historyImport(databaseUrl, 'PostgreSQL'));
  }
  if (!fleetBeside && wanted('fleet') && process.env.TEST_PG_URL) await fleetArea();
} finally {
  // the smoke's fleet, run beside the areas above, ends before the browser and server close (also after a failure)
  await fleetBeside;
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
const failed = failedAreas();
const regressions = writeReport(
  {
    smoke: SMOKE,
    runsPerFigure: RUNS,
    pullRuns: PULL_RUNS,
    heapNavigations: HEAP_REPETITIONS * HEAP_NAVIGATIONS,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    dataset: { entries: BIG_ENTRIES, historicValues: BIG_VALUES },
    seedSeconds: Number(seedSeconds.toFixed(1)),
    totalSeconds: Math.round((performance.now() - started) / 1000),
  },
  SMOKE ? 'test-results/bench-smoke.json' : 'bench/results.json',
);
if (failed.length) console.error(`bench: ${failed.length} area(s) failed: ${failed.join(', ')}`);
// the smoke only proves every area finds its way (one run on a busy machine is no figure); a full run is also red when
// a figure is more than 25 % worse than the last recorded run (bench/compare.ts)
process.exit(failed.length > 0 || (!SMOKE && regressions > 0) ? 1 : 0);
