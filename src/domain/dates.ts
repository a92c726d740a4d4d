import { DateTime } from 'luxon';
import { DEFAULT_ZONE, readingZone } from './zoned-time';

/** §9 default time of a reading. */
export const DEFAULT_TIME = '12:00';
/** §5/§9: a date older than this many days is reported. */
export const PAST_DATE_LIMIT_DAYS = 10;
/** Defined in zoned-time, which the first screen uses without luxon. */
export { DEFAULT_ZONE, readingZone };

/** Answers of combineDateAndTime (null: no such moment); a zone's rules do not change while the app runs. */
const combined = new Map<string, string | null>();
const COMBINED_KEPT = 1_000;

/**
 * The chosen date (YYYY-MM-DD) and time (HH:mm) as an ISO timestamp with the zone's offset; undefined
 * when either is malformed.
 */
export function combineDateAndTime(date: string, time: string, zone = DEFAULT_ZONE): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  // every row of the table asks this at each render, mostly for the same round date and default time: luxon's
  // parse was the table's costliest own function per keystroke (docs/benchmarks.md)
  const key = `${date}T${time} ${zone}`;
  const known = combined.get(key);
  if (known !== undefined) return known ?? undefined;
  const dt = DateTime.fromISO(`${date}T${time}`, { zone });
  const iso = dt.isValid ? dt.toISO() : null;
  if (combined.size >= COMBINED_KEPT) combined.clear();
  combined.set(key, iso);
  return iso ?? undefined;
}

export type DateProblem = { kind: 'future' } | { kind: 'past'; days: number };

/** §5 date check: future dates and dates more than 10 days in the past are reported. */
export function checkDate(dt: string, now: Date, limitDays = PAST_DATE_LIMIT_DAYS): DateProblem | undefined {
  const when = DateTime.fromISO(dt);
  const at = DateTime.fromJSDate(now);
  if (!when.isValid) return undefined;
  if (when > at) return { kind: 'future' };
  const days = Math.floor(at.diff(when, 'days').days);
  return days > limitDays ? { kind: 'past', days } : undefined;
}
