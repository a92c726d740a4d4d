import type { DepthProfileRow, MeasureRoundEntry } from '../../schemas/api';
import type { DepthRowText } from '../../schemas/forms/reading-forms';
import { numberOf } from './discharge-form';

/** Optional inputs of an entry that its station metadata switches on (docs/domain.md). */
export type EntryOption = 'depthProfile' | 'valueAfter';

/**
 * Whether the station metadata offers an option for this entry: `true`/"true"/"1" for every timeseries of
 * the station, or a list of parameters ("W;LF") for those timeseries only.
 */
export function offersOption(
  entry: Pick<MeasureRoundEntry, 'staMetadata' | 'tsParameter'>,
  option: EntryOption,
): boolean {
  const raw = entry.staMetadata?.[option];
  if (raw === true) return true;
  if (typeof raw !== 'string') return false;
  const value = raw.trim();
  if (value === 'true' || value === '1') return true;
  return value.split(/[;,\s]+/).includes(entry.tsParameter);
}

/** The §3 depth profile rows of the typed rows; rows left entirely empty are not part of it. */
export function depthProfileOf(rows: readonly DepthRowText[], staNumber: string): DepthProfileRow[] {
  return rows
    .map((r) => ({
      depthM: numberOf(r.depthM),
      depthAbsoluteM: numberOf(r.depthAbsoluteM),
      wt: numberOf(r.wt),
      lfkt: numberOf(r.lfkt),
    }))
    .filter((r) => Object.values(r).some((x) => x !== undefined))
    .map((r) => ({ staNumber, ...Object.fromEntries(Object.entries(r).filter(([, x]) => x !== undefined)) }));
}
