// RxDB against raw IndexedDB and Dexie in the same page and run, on the app's history layout (one
// document per series of 60 daily values): bulk insert, read of one series by key, one-document writes. The ratio RxDB / raw IndexedDB is the budgeted figure.
import type { Page } from 'playwright-core';
import { record, type Profile } from './report';
import { withLib } from './browser';
import type { BaselineTimes } from './page/lib';

// 20,000 values as 60-day series: 334 documents, as the app stores 60 days of history
const DOCS = 20_000;
const SERIES = 334;
const SINGLE = 200;

export async function baselineRatios(page: Page, bundle: string, profile: Profile, runs: number): Promise<void> {
  // a quiet page of the app's origin: no table rendering in the background
  await page.goto(new URL('/about', page.url()).href);
  await page.waitForLoadState('networkidle');
  const all: BaselineTimes[] = [];
  for (let r = 0; r < runs; r++)
    all.push(
      await withLib(page, bundle, (lib, a) => lib.baseline(...(a as [number, number, number])), [DOCS, SERIES, SINGLE]),
    );
  const col = (k: keyof BaselineTimes) => all.map((t) => t[k]);
  const ratio = (a: keyof BaselineTimes, b: keyof BaselineTimes) => all.map((t) => t[a] / t[b]);
  record(
    `baseline: raw IndexedDB bulk insert ${DOCS.toLocaleString('en')} values (${SERIES} series docs)`,
    profile,
    col('rawInsertMs'),
    'ms',
  );
  record(`baseline: Dexie bulk insert ${DOCS.toLocaleString('en')} values`, profile, col('dexieInsertMs'), 'ms');
  record(`baseline: RxDB bulk insert ${DOCS.toLocaleString('en')} values`, profile, col('rxdbInsertMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, bulk insert', profile, ratio('rxdbInsertMs', 'rawInsertMs'), '×', 3);
  record('baseline: RxDB / Dexie, bulk insert', profile, ratio('rxdbInsertMs', 'dexieInsertMs'), '×');
  record(
    `baseline: raw IndexedDB read of one series (${Math.ceil(DOCS / SERIES)} values, by key)`,
    profile,
    col('rawQueryMs'),
    'ms',
  );
  record('baseline: Dexie read of one series', profile, col('dexieQueryMs'), 'ms');
  record('baseline: RxDB read of one series (findOne)', profile, col('rxdbQueryMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, query', profile, ratio('rxdbQueryMs', 'rawQueryMs'), '×', 3);
  record('baseline: RxDB / Dexie, query', profile, ratio('rxdbQueryMs', 'dexieQueryMs'), '×');
  record(`baseline: raw IndexedDB one-document write (${SINGLE} in a row)`, profile, col('rawPutEachMs'), 'ms');
  record('baseline: Dexie one-document write', profile, col('dexiePutEachMs'), 'ms');
  record('baseline: RxDB one-document write (upsert)', profile, col('rxdbPutEachMs'), 'ms');
  record('baseline: RxDB / raw IndexedDB, one-document write', profile, ratio('rxdbPutEachMs', 'rawPutEachMs'), '×', 3);
}
