// `npm run bench` (server part): the calls that used to grow with other users' data, on a database holding
// 150,000 values of one series and 1,000 large submissions. Prints a table and JSON; nothing is asserted.
// PGlite by default; TEST_PG_URL=postgres://… runs it on a PostgreSQL server instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { MeasureRoundEntry } from '../schemas/api';
import { startOidcServer } from '../test/support/server/oidc-identity';

const VALUES = 150_000;
const SUBMISSIONS = 1_000;
const ENTRIES_PER_SUBMISSION = 200;
const RUNS = 5;

const t = await startOidcServer('bench-load', [
  ['ora', '1', 'OBSERVE'],
  ['sue', '2', 'OBSERVE'],
]);
const { db } = t.server;
const rows: {
  call: string;
  user: string;
  firstMs: number;
  medianMs: number;
  maxMs: number;
  bytes: number;
  status: number;
}[] = [];

async function timed(call: string, user: string, path: string): Promise<void> {
  const ms: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await t.call(path, user);
    const body = await res.arrayBuffer();
    ms.push(performance.now() - start);
    bytes = body.byteLength;
    status = res.status;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  rows.push({
    call,
    user,
    firstMs: Math.round(ms[0] ?? 0),
    medianMs: Math.round(sorted[Math.floor(RUNS / 2)] ?? 0),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    bytes,
    status,
  });
}

try {
  // the same calls on the demo data alone, for comparison
  await timed('GET /measure-round/1 (demo data only)', 'ora', '/measure-round/1');
  await timed('GET /completed-measure-round (demo data only)', 'ora', '/completed-measure-round');
  const seedStart = performance.now();
  // 150,000 values of one series in the 60-day window (one every ~34 s), some with station remarks
  await db.query(
    `insert into historic_value (ts_id, dt, value, sta_remark)
     select '2001-W', now() - make_interval(secs => i * 34), 1660 + (i % 400) / 10.0, case when i % 1000 = 0 then to_jsonb('Bemerkung ' || i) end
     from generate_series(1, $1) i on conflict do nothing`,
    [VALUES],
  );
  // 1,000 large submissions of round 1: 200 entries each with values and remarks (about 150 KB of JSON)
  const definitions = (
    await db.query<{ definition: MeasureRoundEntry }>(
      "select definition from round_entry where mr_id = '1' order by position",
    )
  ).map((r) => r.definition);
  const entries = Array.from({ length: ENTRIES_PER_SUBMISSION }, (_, i) => ({
    ...definitions[i % definitions.length],
    dt: new Date().toISOString(),
    value: i / 7,
    tsRemark: { text: `Ablesung ${i}: ${'Sickerwasser klar, Messwehr frei, keine Auffälligkeiten. '.repeat(4)}` },
  }));
  const json = JSON.stringify(entries);
  for (let i = 0; i < SUBMISSIONS; i += 100) {
    await db.query(
      `insert into submission (instance_id, mr_id, body, value_count, username, state, entries, entries_bytes, submission_time)
       select gen_random_uuid(), '1', '{}', $2, 'bench', 'completed', $1::jsonb, $4, now() - make_interval(secs => $3 + g) from generate_series(1, 100) g`,
      [json, ENTRIES_PER_SUBMISSION, i, Buffer.byteLength(json)],
    );
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  await timed('GET /measure-round/1', 'ora', '/measure-round/1');
  await timed('GET /measure-round/2 (other round)', 'sue', '/measure-round/2');
  await timed('GET /completed-measure-round (first page)', 'ora', '/completed-measure-round');
  await timed('GET /completed-measure-round?limit=500', 'ora', '/completed-measure-round?limit=500');
  await timed('GET /completed-measure-round (other round)', 'sue', '/completed-measure-round');
  await timed('GET /completed-measure-round (no round)', 'nobody', '/completed-measure-round');
  await timed('GET /timeseries-values?tsId=2001-W', 'ora', '/timeseries-values?tsId=2001-W&remarks=true');

  // the whole archive of round 1, page by page
  const start = performance.now();
  let pages = 0;
  let seen = 0;
  for (let query = ''; ; pages++) {
    const res = await t.call(`/completed-measure-round${query}`, 'ora');
    seen += ((await res.json()) as unknown[]).length;
    const next = res.headers.get('X-Next-Page');
    if (!next) break;
    query = `?${next}`;
  }
  const allPagesMs = Math.round(performance.now() - start);

  console.table(rows);
  const report = {
    database: db.kind,
    loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))),
    values: VALUES,
    submissions: SUBMISSIONS,
    entriesPerSubmission: ENTRIES_PER_SUBMISSION,
    submissionJsonBytes: json.length,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    rows,
    archive: { pages: pages + 1, rounds: seen, totalMs: allPagesMs },
  };
  console.info(JSON.stringify(report, null, 2));
  mkdirSync('test-results', { recursive: true });
  writeFileSync(`test-results/bench-server-load-${db.kind}.json`, JSON.stringify(report, null, 2));
} finally {
  await t.close();
}
