import type { MeasureRoundEntry } from '../../schemas/api';
import type { Draft } from '../../schemas/forms/draft';
import { definitionOf } from './entry-definition';

/**
 * §5 station duplication: a second reading of a station at another time is kept as extra drafts whose
 * tsId is `${tsId}#${n}` and whose `copyOf` names the original timeseries. They are posted as further
 * entries of the original timeseries, each with its own date/time.
 */
export const COPY_SEPARATOR = '#';

export interface CopyRef {
  /** the draft's own id, `${copyOf}#${n}` */
  tsId: string;
  copyOf: string;
  n: number;
}

export function copyTsId(tsId: string, n: number): string {
  return `${tsId}${COPY_SEPARATOR}${n}`;
}

/** The copy number of a copy draft's tsId, undefined for an ordinary tsId. */
export function copyNumber(tsId: string, copyOf: string): number | undefined {
  if (!copyOf) return undefined;
  const prefix = `${copyOf}${COPY_SEPARATOR}`;
  if (!tsId.startsWith(prefix)) return undefined;
  const n = Number(tsId.slice(prefix.length));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The timeseries a draft's tsId belongs to: the original's for a copy (`${tsId}#${n}`), the tsId itself otherwise.
 * For a screen that knows only the tsId (a link to an entry, a draft without its `copyOf` at hand).
 */
export function originalTsId(tsId: string): string {
  const at = tsId.lastIndexOf(COPY_SEPARATOR);
  if (at <= 0) return tsId;
  const original = tsId.slice(0, at);
  return copyNumber(tsId, original) === undefined ? tsId : original;
}

/** The copies among an instance's drafts, ordered by copy number. */
export function copiesOf(drafts: readonly Pick<Draft, 'tsId' | 'copyOf'>[]): CopyRef[] {
  const copies: CopyRef[] = [];
  for (const d of drafts) {
    if (!d.copyOf) continue;
    const n = copyNumber(d.tsId, d.copyOf);
    if (n !== undefined) copies.push({ tsId: d.tsId, copyOf: d.copyOf, n });
  }
  return copies.sort((a, b) => a.n - b.n || a.tsId.localeCompare(b.tsId));
}

/** The next free copy number of a station: one more than the highest copy of any of its timeseries. */
export function nextCopyNumber(stationTsIds: readonly string[], copies: readonly CopyRef[]): number {
  const ids = new Set(stationTsIds);
  return copies.filter((c) => ids.has(c.copyOf)).reduce((max, c) => Math.max(max, c.n), 0) + 1;
}

/**
 * The round's entries as the table posts them for copies: one entry per copy draft, the original's
 * definition under the copy's tsId (so the drafts apply), without the station's tasks and facilities,
 * which travel once with the original station.
 */
export function copyEntries(
  entries: readonly MeasureRoundEntry[],
  drafts: readonly Pick<Draft, 'tsId' | 'copyOf'>[],
): MeasureRoundEntry[] {
  const copies = copiesOf(drafts);
  if (copies.length === 0) return [];
  const byTs = new Map(entries.map((e) => [e.tsId as string, e]));
  const out: MeasureRoundEntry[] = [];
  for (const c of copies) {
    const original = byTs.get(c.copyOf);
    if (!original) continue;
    out.push({ ...definitionOf(original), tsId: c.tsId as MeasureRoundEntry['tsId'] });
  }
  return out;
}

/** Gives copy entries back the tsId of their original timeseries, the one the server knows. */
export function restoreCopyTsIds<T extends { tsId: string }>(
  entries: readonly T[],
  drafts: readonly Pick<Draft, 'tsId' | 'copyOf'>[],
): T[] {
  const original = new Map(copiesOf(drafts).map((c) => [c.tsId, c.copyOf]));
  if (original.size === 0) return [...entries];
  return entries.map((e) => {
    const tsId = original.get(e.tsId);
    // the original tsId is a TsId of the round, so the entry keeps its type
    return tsId ? ({ ...e, tsId } as T) : e;
  });
}
