import {
  DEFAULT_ZONE,
  formatCalendarDate,
  formatWallDate,
  formatWallTime,
  isoWallTimeIn,
  type DateLocale,
  type WallTime,
} from './zoned-time';

/**
 * How numbers and dates are shown outside the entry table (archive, group selection, PDF), per interface
 * language. One place, so the screen, the printout and the PDF never disagree on "1679,41" vs "1679.41".
 * Intl only (zoned-time), no luxon: the first screen formats through here.
 */
export type FormatLocale = DateLocale;
const FORMAT_LOCALES: readonly FormatLocale[] = ['de', 'en', 'it'];
/** §1: German is the default interface language, also for a tag we do not know. */
const FALLBACK: FormatLocale = 'de';

/** The region each interface language is written in: decides the decimal separator of Intl. */
const NUMBER_LOCALES: Record<FormatLocale, string> = { de: 'de-AT', en: 'en-GB', it: 'it-IT' };
/** Shown where a number or date is missing, as elsewhere in the app. */
export const MISSING = '–';

/** 'de', 'de-AT', 'it_IT', 'EN' … → one of the three interface languages (German when unknown). */
export function toFormatLocale(tag: string | null | undefined): FormatLocale {
  const lang = (tag ?? '').slice(0, 2).toLowerCase();
  return FORMAT_LOCALES.find((l) => l === lang) ?? FALLBACK;
}

const numberFormats = new Map<FormatLocale, Intl.NumberFormat>();
function numberFormat(locale: FormatLocale): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) {
    // No grouping: a reading of 1679,41 must not turn into "1.679,41", which a German reader takes for 1,679.
    // Up to 20 fraction digits: Intl prints the shortest text of the double, so a value keeps its own decimals.
    f = new Intl.NumberFormat(NUMBER_LOCALES[locale], { useGrouping: false, maximumFractionDigits: 20 });
    numberFormats.set(locale, f);
  }
  return f;
}

/** The decimal separator a user of the language types and reads: de/it comma, en point. */
export function decimalSeparator(locale: FormatLocale): ',' | '.' {
  return locale === 'en' ? '.' : ',';
}

/** A reading with the language's decimal separator and exactly its own decimals: de/it 1679,41, en 1679.41. */
export function formatNumber(value: number | null | undefined, locale: FormatLocale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  // `+ 0` turns -0 into 0, so a zero reading is never shown as "-0".
  return numberFormat(locale).format(value + 0);
}

/** A timestamp's fields in the zone; a text without an offset is read in the browser's zone, as luxon's setZone does. */
function toZoned(iso: string, zone: string): WallTime | undefined {
  return isoWallTimeIn(iso, zone);
}

/**
 * A calendar date (YYYY-MM-DD) or the date of a timestamp in the zone: de 23.11.2026, en/it 23/11/2026.
 * Text that is no ISO date is shown as it is, so nothing stored is hidden from the reader.
 */
export function formatDate(iso: string | null | undefined, locale: FormatLocale, zone = DEFAULT_ZONE): string {
  if (!iso) return MISSING;
  // A bare calendar date has no zone: converting it would move it to the previous day west of UTC.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatCalendarDate(iso, locale) ?? iso;
  const w = toZoned(iso, zone);
  return w ? formatWallDate(w, locale) : iso;
}

/** A timestamp with 24-hour time in the zone (Vienna by default, where the rounds are measured): 23.11.2026 07:45. */
export function formatDateTime(iso: string | null | undefined, locale: FormatLocale, zone = DEFAULT_ZONE): string {
  if (!iso) return MISSING;
  const w = toZoned(iso, zone);
  return w ? `${formatWallDate(w, locale)} ${formatWallTime(w)}` : iso;
}

/** The 24-hour time of a timestamp in the zone (07:45), the same in all three languages. */
export function formatTime(iso: string | null | undefined, zone = DEFAULT_ZONE): string {
  if (!iso) return MISSING;
  const w = toZoned(iso, zone);
  return w ? formatWallTime(w) : iso;
}

/** Epoch milliseconds (as RxDB stores sentAt/updatedAt) as ISO text for the functions above. */
export function epochToIso(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}
