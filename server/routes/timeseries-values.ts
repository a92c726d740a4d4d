import { Hono } from 'hono';
import * as v from 'valibot';
import { isRealDateTime } from '../../schemas/api/brands';
import { visibleRounds } from '../auth/auth';
import type { Database } from '../db/database';
import { HttpError, parseOr400 } from '../http/errors';
import type { AppEnv, RequestUser } from '../http/app-env';
import type { ApiProfile } from '../extensions';

/** §7: at most 32 timeseries per request. */
export const MAX_TS_IDS = 32;
/**
 * The newest values per series one request returns (within from/to): a logger series can hold hundreds of
 * thousands, and one request must stay small whatever one series holds. `X-Truncated: true` tells the caller
 * to narrow the window with from/to.
 */
export const MAX_VALUES_PER_SERIES = 2000;

const QuerySchema = v.object({
  tsId: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1, 'must not be empty'))),
    v.minLength(1, 'at least one tsId is required'),
    v.maxLength(MAX_TS_IDS, `at most ${MAX_TS_IDS} tsId per request`),
  ),
  remarks: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  from: v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp('must be an ISO timestamp'),
      v.check(isRealDateTime, 'must be a real calendar date and time'),
    ),
  ),
  to: v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp('must be an ISO timestamp'),
      v.check(isRealDateTime, 'must be a real calendar date and time'),
    ),
  ),
});

interface Row {
  ts_id: string;
  dt: Date | string;
  value: number | null;
  ts_remark: unknown;
  sta_remark: unknown;
  instance_id: string | null;
}

/** 403 unless every timeseries belongs to a round the user holds a role on (ARCHITECTURE §5: no user reads a round not theirs). */
async function requireVisibleSeries(db: Database, user: RequestUser, tsIds: string[]): Promise<void> {
  const visible = await visibleRounds(db, user);
  if (visible === 'all') return;
  const rows = await db.query<{ ts_id: string }>(
    'select distinct ts_id from round_entry where ts_id = any($1) and mr_id = any($2)',
    [tsIds, [...visible]],
  );
  const allowed = new Set(rows.map((r) => r.ts_id));
  const i = tsIds.findIndex((t) => !allowed.has(t));
  if (i >= 0)
    throw new HttpError(
      403,
      `tsId.${i}: ${user.username} holds no role on a measure round with timeseries ${tsIds[i]}`,
      `tsId.${i}`,
    );
}

/**
 * GET /timeseries-values?tsId=…&tsId=…&remarks=true → { values } sorted by tsId and time; the completed-round
 * variant returns only values that came from submissions.
 */
export function timeseriesValuesRoutes(db: Database, opts: { onlySubmitted?: boolean; profile?: ApiProfile } = {}) {
  // §7 knows only tsId and remarks: the spec profile ignores the history window (from/to) and sends no X-Truncated.
  const windowed = (opts.profile ?? 'full') === 'full';
  return new Hono<AppEnv>().get('/', async (c) => {
    const window = windowed ? { from: c.req.query('from'), to: c.req.query('to') } : {};
    const q = parseOr400(
      QuerySchema,
      { tsId: c.req.queries('tsId') ?? [], remarks: c.req.query('remarks'), ...window },
      'query',
    );
    if (q.from && q.to && q.from > q.to) throw new HttpError(400, 'from: must not be after to', 'from');
    await requireVisibleSeries(db, c.get('user'), q.tsId);
    const tsIds = [...new Set(q.tsId)];
    // One index range scan per series, newest first, one row more than the cap to tell a cut.
    const rows = await db.query<Row>(
      `select x.* from unnest($1::text[]) as s(ts_id) cross join lateral (
         select ts_id, dt, value, ts_remark, sta_remark, instance_id from historic_value h
         where h.ts_id = s.ts_id and ($2::timestamptz is null or h.dt >= $2) and ($3::timestamptz is null or h.dt <= $3) and (not $4 or h.instance_id is not null)
         order by h.dt desc limit $5) x
       order by x.ts_id, x.dt`,
      [tsIds, q.from ?? null, q.to ?? null, opts.onlySubmitted ?? false, MAX_VALUES_PER_SERIES + 1],
    );
    const perSeries = new Map<string, number>();
    for (const r of rows) perSeries.set(r.ts_id, (perSeries.get(r.ts_id) ?? 0) + 1);
    const cut = new Set([...perSeries].filter(([, n]) => n > MAX_VALUES_PER_SERIES).map(([ts]) => ts));
    if (cut.size > 0 && windowed) c.header('X-Truncated', 'true');
    // Rows are oldest first within a series: the extra row of a cut series is its oldest.
    const kept = rows.filter((r, i) => !(cut.has(r.ts_id) && rows[i - 1]?.ts_id !== r.ts_id));
    const withRemarks = q.remarks === 'true';
    return c.json({
      values: kept.map((r) => ({
        instanceId: r.instance_id,
        tsId: r.ts_id,
        dt: new Date(r.dt).toISOString(),
        value: r.value,
        ...(withRemarks ? { tsRemark: r.ts_remark, staRemark: r.sta_remark } : {}),
      })),
    });
  });
}
