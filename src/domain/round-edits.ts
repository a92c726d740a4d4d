import { DateTime } from 'luxon';

export type StationCopyPlan =
  { time: string } | { error: 'cannotDuplicateWithoutDate' } | { error: 'timeTaken'; time: string };

/**
 * §5/§8: a station is duplicated (a second reading) only with a date/time; the server keeps one value per
 * timeseries and time, so a time the station already has a reading at is refused too.
 */
export function planStationCopy(typedTime: string | undefined, takenTimes: Iterable<string>): StationCopyPlan {
  if (!typedTime) return { error: 'cannotDuplicateWithoutDate' };
  return new Set(takenTimes).has(typedTime) ? { error: 'timeTaken', time: typedTime } : { time: typedTime };
}

export type OverwriteResult = { kind: 'skipped' } | { kind: 'invalid' } | { kind: 'changed'; dt: string };

/** §5: overwriting a date/time reports an invalid format and skips empty or unchanged input. */
export function overwriteDateTime(
  current: string | undefined,
  input: string,
  format = 'dd.MM.yyyy HH:mm',
  zone = 'Europe/Vienna',
): OverwriteResult {
  if (input.trim() === '') return { kind: 'skipped' };
  const dt = DateTime.fromFormat(input.trim(), format, { zone });
  if (!dt.isValid) return { kind: 'invalid' };
  const iso = dt.toISO() as string;
  if (current && DateTime.fromISO(current).toMillis() === dt.toMillis()) return { kind: 'skipped' };
  return { kind: 'changed', dt: iso };
}
