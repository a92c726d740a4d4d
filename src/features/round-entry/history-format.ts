import { DEFAULT_ZONE, formatWallTime, isoWallTimeIn } from '../../domain/zoned-time';

const readingFormats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers and dates of the history column in the UI language, never the browser's.
 * Readings are shown without thousands separators, the way they are typed (1684,25 rather than 1.684,25).
 * One formatter per language: a new one per number was most of the table's first render of a round's history.
 */
export function formatReading(value: number, locale: string): string {
  let format = readingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 });
    readingFormats.set(locale, format);
  }
  return format.format(value);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Date and 24-hour time of a historic value, e.g. 21.11.26, 14:30 (de) or 21/11/26, 14:30 (en, it): day first in
 * all three languages, as the date inputs of §5 (English is British here), on the stations' clock (Central European
 * time) like entry and archive: the browser's own zone (a laptop on UTC) showed a value entered at 13:18 as 12:18
 * here. A text without an offset is a time on that clock. Read with the browser's Intl (zoned-time), not luxon: the
 * history of every entry is formatted when a table opens.
 */
export function formatDateTime(iso: string, locale: string, zone = DEFAULT_ZONE): string {
  const w = isoWallTimeIn(iso, zone, zone);
  if (!w) return iso;
  const sep = locale === 'en' || locale === 'it' ? '/' : '.';
  return `${pad2(w.day)}${sep}${pad2(w.month)}${sep}${pad2(w.year % 100)}, ${formatWallTime(w)}`;
}

/** Only the 24-hour time, for values of the same day. */
export function formatTime(iso: string, _locale: string, zone = DEFAULT_ZONE): string {
  const w = isoWallTimeIn(iso, zone, zone);
  return w ? formatWallTime(w) : iso;
}
