import { DateTime } from 'luxon';
import type { MeasureRoundEntry } from '../../schemas/api';

/** §5/§8: a station can only be duplicated (a second reading) when a date/time is given. */
export function duplicateStation(entries: readonly MeasureRoundEntry[], staNumber: string, dt: string | undefined): { entries: MeasureRoundEntry[] } | { error: 'cannotDuplicateWithoutDate' } {
  if (!dt) return { error: 'cannotDuplicateWithoutDate' };
  const copies = entries.filter((e) => e.staNumber === staNumber).map(({ value: _v, valueAfter: _a, tsRemark: _r, ...rest }) => ({ ...rest, dt: dt as MeasureRoundEntry['dt'] }));
  const lastIndex = entries.map((e): string => e.staNumber).lastIndexOf(staNumber);
  return { entries: [...entries.slice(0, lastIndex + 1), ...copies, ...entries.slice(lastIndex + 1)] };
}

export type OverwriteResult = { kind: 'skipped' } | { kind: 'invalid' } | { kind: 'changed'; dt: string };

/** §5: overwriting a date/time reports an invalid format and skips empty or unchanged input. */
export function overwriteDateTime(current: string | undefined, input: string, format = 'dd.MM.yyyy HH:mm', zone = 'Europe/Vienna'): OverwriteResult {
  if (input.trim() === '') return { kind: 'skipped' };
  const dt = DateTime.fromFormat(input.trim(), format, { zone });
  if (!dt.isValid) return { kind: 'invalid' };
  const iso = dt.toISO() as string;
  if (current && DateTime.fromISO(current).toMillis() === dt.toMillis()) return { kind: 'skipped' };
  return { kind: 'changed', dt: iso };
}

/** §5: an offline round is deleted only when the typed name matches its name exactly. */
export function mayDeleteOfflineRound(roundName: string, typed: string): boolean {
  return typed === roundName;
}
