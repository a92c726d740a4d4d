/**
 * ISO timestamps read and shown in a time zone with the browser's Intl alone. The first screen (round list,
 * navbar, document title) formats dates through this module, so luxon (about 22 KB gzip) loads only with the
 * screens that do calendar arithmetic. The rules follow luxon's `DateTime.fromISO`, which the lazy
 * screens still use, so a date reads the same everywhere.
 */

/** Where the rounds are measured: dates and times are shown in this zone unless told otherwise. */
export const DEFAULT_ZONE = 'Europe/Vienna';

/**
 * §5 MEZ mode (config `mez`): Mitteleuropäische Zeit, UTC+1 all year. The IANA name `Etc/GMT-1` has its sign
 * inverted by POSIX convention (it is one hour east of UTC); both Intl and luxon read it.
 */
export const MEZ_ZONE = 'Etc/GMT-1';

/** The zone readings are typed, shown and posted in: fixed MEZ in MEZ mode, else the wall clock of the stations. */
export function readingZone(mez: boolean): string {
  return mez ? MEZ_ZONE : DEFAULT_ZONE;
}

/** §5: date input and display formats per interface language. */
export const DATE_INPUT_FORMATS = { de: 'dd.MM.yyyy', en: 'dd/MM/yyyy', it: 'dd/MM/yyyy' } as const;
export type DateLocale = keyof typeof DATE_INPUT_FORMATS;

/** Calendar fields of a moment; month 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Minutes east of UTC of an ISO offset ("Z", "+01:00", "-0530", "+02"). */
function offsetMinutes(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

interface ParsedIso {
  wall: WallTime;
  /** minutes east of UTC; undefined when the text names no offset */
  offset: number | undefined;
}

/** Reads extended ISO 8601 (date, date-time, optional fraction and offset); undefined when it is no real moment. */
function parseIso(iso: string): ParsedIso | undefined {
  const m = ISO_DATE_TIME.exec(iso);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, off] = m;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
    millisecond: frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0,
  };
  const valid =
    wall.month >= 1 &&
    wall.month <= 12 &&
    wall.day >= 1 &&
    wall.day <= daysInMonth(wall.year, wall.month) &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59;
  if (!valid) return undefined;
  const offset = off === undefined ? undefined : offsetMinutes(off);
  if (offset !== undefined && Math.abs(offset) > 18 * 60) return undefined;
  return { wall, offset };
}

/** Whether the text is a real calendar date YYYY-MM-DD (not 2026-02-30). */
export function isIsoCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseIso(text) !== undefined;
}

const fieldFormats = new Map<string, Intl.DateTimeFormat>();
/** en-US with a 23-hour clock: plain numeric parts whatever the interface language; undefined for an unknown zone. */
function fieldFormat(zone: string): Intl.DateTimeFormat | undefined {
  let f = fieldFormats.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    fieldFormats.set(zone, f);
  }
  return f;
}

/** The calendar fields of an instant as the zone's formatter writes them. */
function formattedWallTime(f: Intl.DateTimeFormat, epochMs: number): WallTime {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of f.formatToParts(new Date(epochMs)))
    if (p.type in fields) fields[p.type as keyof typeof fields] = Number(p.value);
  // hour % 24: an engine that still writes midnight as "24" with a 23-hour clock
  return { ...fields, hour: fields.hour % 24, millisecond: ((epochMs % 1000) + 1000) % 1000 };
}

function wallAsUtc(w: WallTime): number {
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as written.
  const d = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond));
  d.setUTCFullYear(w.year);
  return d.getTime();
}

const DAY_MS = 86_400_000;

/**
 * Per zone and UTC day: the zone's offset (ms) when the first and the last second of the day have the same one,
 * else null (a day the clocks change). A table formats the history of every entry, mostly on the same few dozen
 * days: one formatter call per value (66 µs for a text without an offset, in Node) became a lookup.
 */
const dayOffsets = new Map<string, number | null>();
const DAY_OFFSETS_KEPT = 10_000;

function dayOffset(f: Intl.DateTimeFormat, zone: string, epochMs: number): number | null {
  const day = Math.floor(epochMs / DAY_MS);
  const key = `${zone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const offsetAt = (t: number) => wallAsUtc(formattedWallTime(f, t)) - t;
    const first = offsetAt(day * DAY_MS);
    offset = first === offsetAt((day + 1) * DAY_MS - 1000) ? first : null;
    if (dayOffsets.size >= DAY_OFFSETS_KEPT) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** The calendar fields of an instant in the zone; undefined when the zone is unknown to the browser. */
export function wallTimeIn(epochMs: number, zone: string): WallTime | undefined {
  const f = fieldFormat(zone);
  if (!f || !Number.isFinite(epochMs)) return undefined;
  const offset = dayOffset(f, zone, epochMs);
  if (offset === null) return formattedWallTime(f, epochMs);
  const d = new Date(epochMs + offset);
  if (!Number.isFinite(d.getTime())) return formattedWallTime(f, epochMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/**
 * The instant a wall-clock time in the zone denotes. A time skipped by summer time moves forward, as luxon does; a
 * time that happens twice (the hour the clocks go back) is the earlier of its two instants, as java.time and
 * Temporal choose. Luxon picks by the offset in force today, so its answer for that hour changes with the season.
 */
function wallTimeToEpoch(w: WallTime, zone: string): number | undefined {
  const asUtc = wallAsUtc(w);
  const offsetAt = (t: number): number | undefined => {
    const there = wallTimeIn(t, zone);
    return there ? wallAsUtc({ ...there, millisecond: 0 }) - (t - (((t % 1000) + 1000) % 1000)) : undefined;
  };
  // the offsets a day before and a day after: a wall time that exists is one of them away from asUtc
  const candidates = [offsetAt(asUtc - DAY_MS), offsetAt(asUtc + DAY_MS)]
    .filter((o): o is number => o !== undefined)
    .map((o) => asUtc - o)
    .filter((t) => offsetAt(t) === asUtc - t);
  if (candidates.length > 0) return Math.min(...candidates);
  const first = offsetAt(asUtc);
  if (first === undefined) return undefined;
  const guess = asUtc - first;
  const second = offsetAt(guess);
  return second === undefined || second === first ? guess : asUtc - second;
}

/**
 * The instant of an ISO text, like luxon's `DateTime.fromISO(iso, { zone })`: a text without an offset is a
 * wall-clock time in `zone` (the browser's own zone when none is given; in the hour the clocks go back, the earlier
 * instant, see wallTimeToEpoch). Undefined when it is no real moment.
 */
export function isoToEpoch(iso: string, zone?: string): number | undefined {
  const parsed = parseIso(iso);
  if (!parsed) return undefined;
  if (parsed.offset !== undefined) return wallAsUtc(parsed.wall) - parsed.offset * 60_000;
  if (zone !== undefined) return wallTimeToEpoch(parsed.wall, zone);
  const w = parsed.wall;
  const local = new Date(2000, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
  local.setFullYear(w.year);
  return local.getTime();
}

/** The wall-clock time in `zone` of an ISO text (see isoToEpoch for a text without an offset). */
export function isoWallTimeIn(iso: string, zone: string, interpretIn?: string): WallTime | undefined {
  const ms = isoToEpoch(iso, interpretIn);
  return ms === undefined ? undefined : wallTimeIn(ms, zone);
}

/** YYYY-MM-DD of the fields. */
export function toIsoDate(w: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The date in the interface language's format: de 23.11.2026, en/it 23/11/2026. */
export function formatWallDate(w: Pick<WallTime, 'year' | 'month' | 'day'>, locale: DateLocale): string {
  const sep = locale === 'de' ? '.' : '/';
  return `${pad(w.day)}${sep}${pad(w.month)}${sep}${pad(w.year, 4)}`;
}

/** 24-hour time HH:mm. */
export function formatWallTime(w: Pick<WallTime, 'hour' | 'minute'>): string {
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** A calendar date YYYY-MM-DD in the language's format; undefined when it is no real date. */
export function formatCalendarDate(isoDate: string, locale: DateLocale): string | undefined {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? parseIso(isoDate) : undefined;
  return parsed ? formatWallDate(parsed.wall, locale) : undefined;
}

/** The zone the browser (or Node) runs in; the app's "today" is the field worker's own calendar day. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The calendar date YYYY-MM-DD a reader in `zone` sees at `now`: the one rule for "today" (the product passes the
 * browser's zone, tests and the demo seed the stations' zone, Europe/Vienna). Not the UTC date: from 00:00 to
 * 01:00 (02:00 in summer) in Vienna the UTC date is still yesterday. Throws for a zone the engine does not know.
 */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  const wall = wallTimeIn(typeof now === 'number' ? now : now.getTime(), zone);
  if (!wall) throw new RangeError(`unknown time zone or invalid moment: ${zone}`);
  return toIsoDate(wall);
}

/**
 * The calendar date `days` after (negative: before) an ISO date YYYY-MM-DD; zone-free calendar arithmetic. The
 * round date check's window (pre-submit.ts) and the tests' days-ago dates (test/support/dates.ts) use it.
 */
export function shiftIsoDate(isoDate: string, days: number): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? parseIso(isoDate) : undefined;
  if (!parsed) throw new RangeError(`not a calendar date: ${isoDate}`);
  const d = new Date(wallAsUtc(parsed.wall) + days * 86_400_000);
  return toIsoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}
