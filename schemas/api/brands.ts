import * as v from 'valibot';

/** Branded ids so that a station number can never be passed where a timeseries id is expected. */
export const TsIdSchema = v.pipe(v.string(), v.minLength(1, 'tsId must not be empty'), v.brand('TsId'));

export const StaNumberSchema = v.pipe(v.string(), v.brand('StaNumber'));

/** §5: mrId may be a number or a string; it is always carried as a string. */
export const MrIdSchema = v.pipe(
  v.union([v.string(), v.number()], 'mrId must be a number or a string'),
  v.transform(String),
  v.minLength(1, 'mrId is required'),
  v.brand('MrId'),
);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_TIME_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-](\d{2}):?(\d{2})?)?$/i;

/**
 * True when every field of an ISO date-time names a real calendar point: `Date.parse` rolls 2024-02-30 into
 * March and accepts 24:00, which PostgreSQL then refuses (a 500 instead of a 400). Offsets up to ±15:59 (the
 * range PostgreSQL accepts); year 0000 does not exist. One check for client and server.
 */
export function isRealDateTime(s: string): boolean {
  const m = DATE_TIME_PARTS.exec(s);
  if (!m) return false;
  const n = (i: number) => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second, offH, offM] = [n(1), n(2), n(3), n(4), n(5), n(6), n(7), n(8)];
  if (
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offH > 15 ||
    offM > 59
  )
    return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

/** ISO 8601 timestamp with an offset or Z, e.g. 2026-11-23T12:00:00.000+01:00; a real calendar date and time. */
export const IsoDateTimeSchema = v.pipe(
  v.string(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'must be an ISO date-time with offset',
  ),
  v.check(isRealDateTime, 'must be a real calendar date and time'),
  v.brand('IsoDateTime'),
);

export const UuidSchema = v.pipe(v.string(), v.uuid('must be a UUID'));
