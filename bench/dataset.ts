// The large dataset of `npm run bench`: one round of 400 stations × 5 timeseries (2,000 entries)
// with 60 days of daily history per timeseries (120,000 values). Deterministic: the same rows on every run.
// Written through the server's own database API, next to the demo data, which stays as it is.
import type { MeasureRoundEntry } from '../schemas/api';
import type { Database } from '../server/db/database';

/** The size of a generated round: the bench's 2,000 entries; e2e tests of large rounds take a smaller one. */
export interface RoundSize {
  mrId: string;
  mrName: string;
  mrGroup: string;
  stations: number;
  perStation: number;
  historyDays: number;
}

// `npm run bench -- --smoke` (a step of `npm test`) walks the same screens through a tenth of the round: it proves
// every area finds its way, in about a minute, and measures nothing
const SMOKE = process.argv.includes('--smoke');

export const BIG: RoundSize = {
  mrId: 'bench-400',
  mrName: 'Benchmark 400 Messstellen',
  mrGroup: 'Benchmark',
  stations: SMOKE ? 40 : 400,
  perStation: 5,
  historyDays: 60,
};
export const BIG_ENTRIES = BIG.stations * BIG.perStation;
export const BIG_VALUES = BIG_ENTRIES * BIG.historyDays;

const PARAMETERS = [
  { tsParameter: 'W', tsUnit: 'cm', min: 0, max: 500 },
  { tsParameter: 'LT', tsUnit: '°C', min: -30, max: 40 },
  { tsParameter: 'WT', tsUnit: '°C', min: 0, max: 30 },
  { tsParameter: 'GW', tsUnit: 'm ü. A.', min: 600, max: 700 },
  { tsParameter: 'LF', tsUnit: 'µS/cm', min: 0, max: 2000 },
] as const;

/** Deterministic pseudo-random numbers (same generator as the demo seed). */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function bigEntries(size: RoundSize = BIG): MeasureRoundEntry[] {
  const random = mulberry32(16);
  const entries: MeasureRoundEntry[] = [];
  for (let s = 0; s < size.stations; s++) {
    const staNumber = String(50000 + s);
    // stations along a 40 km line, so the tour's map and distance order have something to work with
    const staLocation = { latitude: 47 + s * 0.001 + random() * 0.0005, longitude: 10.7 + s * 0.0005 };
    for (const [k, p] of PARAMETERS.slice(0, size.perStation).entries()) {
      entries.push({
        staName: `Messstelle ${s + 1}`,
        staNumber,
        staOrdinal: s + 1,
        staLocation,
        tsId: `${staNumber}-${p.tsParameter}`,
        tsParameter: p.tsParameter,
        tsUnit: p.tsUnit,
        tsPlausibilityCheck: { min: p.min, max: p.max },
        staSubOrdinal: k + 1,
      } as MeasureRoundEntry);
    }
  }
  return entries;
}

/** Inserts the round and its history; returns the seconds it took. */
export async function seedBigRound(db: Database, size: RoundSize = BIG): Promise<number> {
  const t0 = performance.now();
  const entries = bigEntries(size);
  await db.query(
    'insert into measure_round (mr_id, mr_name, mr_group, sort) values ($1, $2, $3, 99) on conflict do nothing',
    [size.mrId, size.mrName, size.mrGroup],
  );
  await db.query(
    'insert into round_entry (mr_id, ts_id, position, definition) select $1, t, p, d from unnest($2::text[], $3::int[], $4::jsonb[]) as x(t, p, d) on conflict do nothing',
    [size.mrId, entries.map((e) => e.tsId), entries.map((_, i) => i), entries.map((e) => JSON.stringify(e))],
  );
  // one value a day at 07:00 UTC for the last historyDays days; the value is a smooth function of series and day
  await db.query(
    `insert into historic_value (ts_id, dt, value)
     select t, date_trunc('day', now()) - make_interval(days => d) + interval '7 hours', round((p.lo + (p.hi - p.lo) * (0.5 + 0.3 * sin(i + d / 7.0)))::numeric, 2)
     from unnest($1::text[], $2::float8[], $3::float8[]) with ordinality as p(t, lo, hi, i), generate_series(1, $4::int) d
     on conflict do nothing`,
    [
      entries.map((e) => e.tsId),
      entries.map((e) => e.tsPlausibilityCheck?.min ?? 0),
      entries.map((e) => e.tsPlausibilityCheck?.max ?? 1),
      size.historyDays,
    ],
  );
  return (performance.now() - t0) / 1000;
}
