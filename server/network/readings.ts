import type { CompletedEntry } from '../../schemas/api';
import { readingZone } from '../../src/domain/zoned-time';
import type { Queryable } from '../db/database';
import { writeCsv } from './csv';
import { writeZrxp, type ZrxpSeries } from './zrxp';

/** Which submitted readings to export (docs/operator.md "Readings out"). */
export interface ReadingsFilter {
  mrId?: string;
  staNumber?: string;
  tsId?: string;
  /** only timeseries of this parameter (W, Q, LT …) */
  tsParameter?: string;
  /** readings at or after this time (ISO) */
  from?: string;
  /** readings before this time (ISO) */
  to?: string;
  /** only submissions stored after this cursor (the `nextCursor` of the previous export) */
  since?: string;
  /** also readings of submissions a later correction replaced (default: only the valid ones) */
  includeCorrected?: boolean;
}

export interface Reading {
  tsId: string;
  /** undefined for an entry without import number (§4: tsId digits-null) */
  importNumber?: string;
  staNumber: string;
  staName: string;
  tsName?: string;
  tsParameter?: string;
  tsUnit?: string;
  /** epoch ms */
  t: number;
  value: number | null;
  remark?: string;
  team?: string;
  mrId: string;
  mrName: string;
  instanceId: string;
  submissionTime: string;
  username: string;
  corrects?: string;
  correctedBy?: string;
  decision1Value?: string;
  decision1Remark?: string;
  decision2Value?: string;
  decision2Remark?: string;
}

/** §4: an entry whose tsId is digits followed by `-null` has no import number; any other tsId is its own. */
export const importNumberOf = (tsId: string) => (/^\d+-null$/.test(tsId) ? undefined : tsId);

/** Submissions stored within the last seconds may still be committing: an incremental export leaves them for the next run. */
const SETTLE_MS = 5_000;

interface Row {
  instance_id: string;
  mr_id: string;
  mr_name: string;
  mr_team: string | null;
  username: string;
  submission_time: Date;
  corrects: string | null;
  corrected_by: string | null;
  entries: CompletedEntry[] | null;
}

export async function exportReadings(
  db: Queryable,
  filter: ReadingsFilter,
  now = Date.now(),
): Promise<{ readings: Reading[]; nextCursor: string; zone: string }> {
  const [config] = await db.query<{ data: { mez?: boolean } }>("select data from reference_data where key = 'config'");
  const until = new Date(now - SETTLE_MS).toISOString();
  const rows = await db.query<Row>(
    `select s.instance_id, s.mr_id, r.mr_name, s.mr_team, s.username, s.submission_time, s.corrects, s.entries,
       (select c.instance_id::text from submission c where c.corrects = s.instance_id order by c.submission_time desc limit 1) as corrected_by
     from submission s join measure_round r on r.mr_id = s.mr_id
     where ($1::text is null or s.mr_id = $1) and ($2::timestamptz is null or s.submission_time > $2)
       and ($3::timestamptz is null or s.submission_time <= $3)
     order by s.submission_time, s.instance_id`,
    [filter.mrId ?? null, filter.since ?? null, filter.since !== undefined ? until : null],
  );
  const from = filter.from ? Date.parse(filter.from) : -Infinity;
  const to = filter.to ? Date.parse(filter.to) : Infinity;
  const readings: Reading[] = [];
  let cursor = filter.since;
  for (const row of rows) {
    const submissionTime = new Date(row.submission_time).toISOString();
    cursor = submissionTime;
    if (row.corrected_by && !filter.includeCorrected) continue;
    for (const e of row.entries ?? []) {
      if (!e.dt) continue;
      if (filter.staNumber && e.staNumber !== filter.staNumber) continue;
      if (filter.tsId && e.tsId !== filter.tsId) continue;
      if (filter.tsParameter && e.tsParameter !== filter.tsParameter) continue;
      const base = {
        tsId: e.tsId,
        importNumber: importNumberOf(e.tsId),
        staNumber: e.staNumber,
        staName: e.staName,
        tsName: e.tsName,
        tsParameter: e.tsParameter,
        tsUnit: e.tsUnit,
        team: row.mr_team ?? undefined,
        mrId: row.mr_id,
        mrName: row.mr_name,
        instanceId: row.instance_id,
        submissionTime,
        username: row.username,
        corrects: row.corrects ?? undefined,
        correctedBy: row.corrected_by ?? undefined,
        decision1Value: e.decision1Value ?? undefined,
        decision1Remark: e.decision1Remark ?? undefined,
        decision2Value: e.decision2Value ?? undefined,
        decision2Remark: e.decision2Remark ?? undefined,
      };
      const t = Date.parse(e.dt);
      const value = e.value ?? e.calculatedValue ?? null;
      const remark = [e.tsRemark?.text, e.staRemark?.text].filter(Boolean).join(' / ') || undefined;
      if ((value !== null || remark) && t >= from && t < to) readings.push({ ...base, t, value, remark });
      // §9: the second value of an entry is stored one minute after the main value
      const after = e.valueAfter;
      if (after !== undefined && after !== null && t + 60_000 >= from && t + 60_000 < to)
        readings.push({ ...base, t: t + 60_000, value: after });
    }
  }
  return { readings, nextCursor: cursor ?? '', zone: readingZone(config?.data.mez === true) };
}

export const READING_COLUMNS = [
  'tsId',
  'importNumber',
  'staNumber',
  'staName',
  'tsName',
  'tsParameter',
  'tsUnit',
  'timeUtc',
  'timeLocal',
  'value',
  'remark',
  'team',
  'mrId',
  'mrName',
  'instanceId',
  'submissionTime',
  'username',
  'corrects',
  'correctedBy',
  'decision1Value',
  'decision1Remark',
  'decision2Value',
  'decision2Remark',
] as const;

/** The local wall time of an instant as `YYYY-MM-DDTHH:mm:ss±hh:mm` in the zone. */
export function localIso(t: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

export function readingsCsv(readings: readonly Reading[], zone: string, german = false): string {
  return writeCsv(
    READING_COLUMNS,
    readings.map((r) => ({ ...r, timeUtc: new Date(r.t).toISOString(), timeLocal: localIso(r.t, zone) })),
    german,
  );
}

/**
 * ZRXP of the readings, one block per series. Entries without an import number cannot be named in ZRXP:
 * they are listed (in a `##` comment and in `skipped`), never silently dropped.
 */
export function readingsZrxp(readings: readonly Reading[], offsetMinutes = 0): { text: string; skipped: string[] } {
  const series = new Map<string, ZrxpSeries>();
  const skipped = new Set<string>();
  for (const r of [...readings].sort((a, b) => a.t - b.t)) {
    if (!r.importNumber) {
      skipped.add(r.tsId);
      continue;
    }
    const s = series.get(r.importNumber) ?? { exchange: r.importNumber, unit: r.tsUnit, points: [] };
    s.points.push({ t: r.t, value: r.value, ...(r.remark ? { remark: r.remark } : {}) });
    series.set(r.importNumber, s);
  }
  const comments = [
    `hydro-rounds readings export, ${readings.length} reading(s)`,
    ...(skipped.size
      ? [`skipped (no import number defined, §4 tsId digits-null): ${[...skipped].sort().join(', ')}`]
      : []),
  ];
  return { text: writeZrxp([...series.values()], { offsetMinutes, comments }), skipped: [...skipped].sort() };
}
