import { DateTime } from 'luxon';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { Queryable } from '../db/database';

/** Days of history a round load looks at (§3 historic data of an entry). */
export const HISTORY_DAYS = 60;
/** Values per series the aggregates look at (the newest in the window): logger series can hold a value a minute. */
export const MAX_HISTORY_VALUES = 5000;
/** Same-day values per series in a round load (the newest ones); a day of logger data would be thousands. */
export const MAX_SAME_DAY = 50;
/** Station remarks per series in a round load. */
export const MAX_STA_REMARKS = 5;

type History = Pick<
  MeasureRoundEntry,
  'last' | 'min' | 'max' | 'minExcludingLast' | 'maxExcludingLast' | 'sameDay' | 'staRemarks'
>;

interface AggregateRow {
  ts_id: string;
  last_dt: Date | string | null;
  last_value: number | null;
  min: number | null;
  max: number | null;
  min_ex: number | null;
  max_ex: number | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const STA_REMARK_TEXT = `case jsonb_typeof(sta_remark) when 'string' then sta_remark #>> '{}' else sta_remark ->> 'text' end`;

/**
 * §3 historic data of every series of a round, computed in SQL: each series costs a few index range scans
 * over its window (the last value, then aggregates and remarks over at most MAX_HISTORY_VALUES newest values),
 * so the work per series is bounded, and what is sent is bounded (one last value, at
 * most MAX_SAME_DAY same-day values and MAX_STA_REMARKS remarks), however many values a series holds.
 * The window ends a day ahead, so no value dated far in the future becomes everybody's last value.
 */
export async function roundHistory(
  db: Queryable,
  tsIds: string[],
  now = DateTime.now(),
): Promise<Map<string, History>> {
  const since = now.minus({ days: HISTORY_DAYS }).toJSDate();
  const until = now.plus({ days: 1 }).toJSDate();
  const vienna = now.setZone('Europe/Vienna');
  const dayStart = vienna.startOf('day').toJSDate();
  const dayEnd = vienna.endOf('day').toJSDate();
  const range = [tsIds, since, until] as const;
  const aggregates = await db.query<AggregateRow>(
    `select s.ts_id, l.dt as last_dt, l.value as last_value, a.min, a.max, a.min_ex, a.max_ex
     from unnest($1::text[]) as s(ts_id)
     left join lateral (select dt, value from historic_value h where h.ts_id = s.ts_id and h.dt >= $2 and h.dt <= $3 order by h.dt desc limit 1) l on true
     left join lateral (
       select min(value) as min, max(value) as max,
         min(value) filter (where numbers_since > 1) as min_ex, max(value) filter (where numbers_since > 1) as max_ex
       from (
         -- numbers_since: how many numbers from the newest value down to this one; 1 up to the last number
         select value, count(value) over (order by dt desc rows between unbounded preceding and current row) as numbers_since
         from (select dt, value from historic_value h where h.ts_id = s.ts_id and h.dt >= $2 and h.dt <= $3 order by h.dt desc limit $4) newest
       ) w) a on true`,
    [...range, MAX_HISTORY_VALUES],
  );
  const sameDay = await db.query<{ ts_id: string; dt: Date | string; value: number | null }>(
    `select x.* from unnest($1::text[]) as s(ts_id) cross join lateral (
       select ts_id, dt, value from historic_value h where h.ts_id = s.ts_id and h.dt >= $2 and h.dt <= $3 order by h.dt desc limit $4) x
     order by x.ts_id, x.dt`,
    [tsIds, dayStart, dayEnd, MAX_SAME_DAY],
  );
  const remarks = await db.query<{ ts_id: string; dt: Date | string; text: string }>(
    `select x.* from unnest($1::text[]) as s(ts_id) cross join lateral (
       select ts_id, dt, ${STA_REMARK_TEXT} as text
       from (select ts_id, dt, sta_remark from historic_value h where h.ts_id = s.ts_id and h.dt >= $2 and h.dt <= $3 order by h.dt desc limit $5) newest
       where sta_remark is not null and coalesce(${STA_REMARK_TEXT}, '') <> ''
       order by dt desc limit $4) x
     order by x.ts_id, x.dt`,
    [...range, MAX_STA_REMARKS, MAX_HISTORY_VALUES],
  );
  const result = new Map<string, History>();
  for (const a of aggregates) {
    result.set(a.ts_id, {
      ...(a.last_dt !== null ? { last: { dt: iso(a.last_dt), value: a.last_value } } : {}),
      ...(a.min !== null && a.max !== null ? { min: a.min, max: a.max } : {}),
      ...(a.min_ex !== null && a.max_ex !== null ? { minExcludingLast: a.min_ex, maxExcludingLast: a.max_ex } : {}),
      sameDay: [],
    });
  }
  for (const r of sameDay) result.get(r.ts_id)?.sameDay?.push({ dt: iso(r.dt), value: r.value });
  for (const r of remarks) {
    const history = result.get(r.ts_id);
    if (history) history.staRemarks = [...(history.staRemarks ?? []), { dt: iso(r.dt), text: r.text }];
  }
  return result;
}
