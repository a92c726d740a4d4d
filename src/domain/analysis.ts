import type { Remark } from '../../schemas/api';

/** §9: the parameter axis is inverted for parameters starting with W (water levels read as depths below a mark). */
export function isInvertedAxis(parameter: string | null | undefined): boolean {
  return !!parameter && parameter.startsWith('W');
}

/** One point of a timeseries: a stored historic value or a value of the open round. */
export interface SeriesPoint {
  dt: string;
  value: number | null;
  /** true for a value of a round not yet sent (a draft) */
  draft?: boolean;
}

export type HistoryMark = 'min' | 'max' | 'last';

/**
 * Marks of a timeseries' history for the table: the lowest and highest value and the newest one.
 * Every point equal to the extreme is marked (a flat series marks all), points without value never.
 */
export function historyMarks(points: readonly SeriesPoint[]): Map<number, HistoryMark[]> {
  const marks = new Map<number, HistoryMark[]>();
  const numbers = points.map((p) => p.value).filter((v): v is number => v !== null && Number.isFinite(v));
  if (numbers.length === 0) return marks;
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  let last = -1;
  points.forEach((p, i) => {
    if (p.value === null) return;
    if (last < 0 || p.dt > (points[last]?.dt ?? '')) last = i;
  });
  const add = (i: number, m: HistoryMark) => marks.set(i, [...(marks.get(i) ?? []), m]);
  points.forEach((p, i) => {
    if (p.value === min) add(i, 'min');
    if (p.value === max) add(i, 'max');
  });
  if (last >= 0) add(last, 'last');
  return marks;
}

export type SortKey = 'dt' | 'value';
export type SortDir = 'asc' | 'desc';

/** Sorts points by date or value; points without value go last whatever the direction. */
export function sortPoints<T extends SeriesPoint>(points: readonly T[], key: SortKey, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...points].sort((a, b) => {
    if (key === 'dt') return sign * a.dt.localeCompare(b.dt);
    if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? 1 : -1;
    return sign * (a.value - b.value) || a.dt.localeCompare(b.dt);
  });
}

/** The text of a remark stored as plain text or as a remark object (§3 tsRemark is text or object). */
export function remarkText(remark: string | Remark | null | undefined): string {
  if (!remark) return '';
  return typeof remark === 'string' ? remark : (remark.text ?? '');
}

export type RemarkFilter = { ok: true; regex: RegExp } | { ok: false; error: string };

/**
 * The remark analysis filter (§9 remarkAnalysisFilter) as a case-insensitive regular expression. An
 * invalid expression is reported with the engine's reason and never thrown; empty matches everything.
 */
export function compileRemarkFilter(source: string): RemarkFilter {
  try {
    return { ok: true, regex: new RegExp(source, 'iu') };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface HistoricRemark {
  tsId: string;
  dt: string;
  kind: 'station' | 'timeseries';
  text: string;
}

/** Historic station and timeseries remarks matching the filter, newest first. */
export function filterRemarks(
  values: readonly {
    tsId: string;
    dt: string;
    staRemark?: string | Remark | null;
    tsRemark?: string | Remark | null;
  }[],
  regex: RegExp,
): HistoricRemark[] {
  const found: HistoricRemark[] = [];
  for (const v of values) {
    const sta = remarkText(v.staRemark);
    const ts = remarkText(v.tsRemark);
    if (sta && regex.test(sta)) found.push({ tsId: v.tsId, dt: v.dt, kind: 'station', text: sta });
    if (ts && regex.test(ts)) found.push({ tsId: v.tsId, dt: v.dt, kind: 'timeseries', text: ts });
  }
  return found.sort((a, b) => b.dt.localeCompare(a.dt) || a.tsId.localeCompare(b.tsId));
}

/** How many points of a chart carry a value (what a user counts as "plotted"). */
export function plottedCount(points: readonly SeriesPoint[]): number {
  return points.filter((p) => p.value !== null && Number.isFinite(Date.parse(p.dt))).length;
}

/** The timeseries ids of a direct chart link: path segments and repeated tsId search params, without duplicates. */
export function chartLinkTsIds(splat: string | undefined, search: string): string[] {
  const fromPath = (splat ?? '')
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .filter((s) => s.trim() !== '');
  const fromSearch = new URLSearchParams(search).getAll('tsId').filter((s) => s.trim() !== '');
  return [...new Set([...fromPath, ...fromSearch])];
}
