// RxDB against raw IndexedDB and Dexie in the same page and run (issue 16): bulk insert, indexed query,
// one-document writes. The ratio RxDB / raw IndexedDB is the budgeted figure.
import type { Page } from 'playwright-core';
import { record, type Profile } from './report';
import { withLib } from './browser';
import type { BaselineTimes } from './page/lib';

const DOCS = 20_000;
const SERIES = 100;
const SINGLE = 200;

export async function baselineRatios(page: Page, bundle: string, profile: Profile, runs: number): Promise<void> {
  // a quiet page of the app's origin: no table rendering in the background
  await page.goto(new URL('/about', page.url()).href);
  await page.waitForLoadState('networkidle');
  const all: BaselineTimes[] = [];
  for (let r = 0; r < runs; r++) all.push(await withLib(page, bundle, (lib, a) => lib.baseline(...(a as [number, number, number])), [DOCS, SERIES, SINGLE]));
  const col = (k: keyof BaselineTimes) => all.map((t) => t[k]);
  const ratio = (a: keyof BaselineTimes, b: keyof BaselineTimes) => all.map((t) => t[a] / t[b]);
  record(`baseline: raw IndexedDB bulk insert ${DOCS.toLocaleString('en')} docs`, profile, col('rawInsertMs'), 'ms');
  record(`baseline: Dexie bulk insert ${DOCS.toLocaleString('en')} docs`, profile, col('dexieInsertMs'), 'ms');
  record(`baseline: RxDB bulk insert ${DOCS.toLocaleString('en')} docs`, profile, col('rxdbInsertMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, bulk insert', profile, ratio('rxdbInsertMs', 'rawInsertMs'), '×', 3);
  record('baseline: RxDB / Dexie, bulk insert', profile, ratio('rxdbInsertMs', 'dexieInsertMs'), '×');
  record(`baseline: raw IndexedDB query of one series (${DOCS / SERIES} docs, index)`, profile, col('rawQueryMs'), 'ms');
  record('baseline: Dexie query of one series', profile, col('dexieQueryMs'), 'ms');
  record('baseline: RxDB query of one series', profile, col('rxdbQueryMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, query', profile, ratio('rxdbQueryMs', 'rawQueryMs'), '×', 3);
  record('baseline: RxDB / Dexie, query', profile, ratio('rxdbQueryMs', 'dexieQueryMs'), '×');
  record(`baseline: raw IndexedDB one-document write (${SINGLE} in a row)`, profile, col('rawPutEachMs'), 'ms');
  record('baseline: Dexie one-document write', profile, col('dexiePutEachMs'), 'ms');
  record('baseline: RxDB one-document write (upsert)', profile, col('rxdbPutEachMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, one-document write', profile, ratio('rxdbPutEachMs', 'rawPutEachMs'), '×', 3);
}
