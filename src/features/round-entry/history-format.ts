import { DateTime } from 'luxon';
import { DEFAULT_ZONE } from '../../domain';

/**
 * Numbers and dates of the history column in the UI language, never the browser's.
 * Readings are shown without thousands separators, the way they are typed (1684,25 rather than 1.684,25).
 */
export function formatReading(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value);
}

/** Day first in all three languages, as the date inputs of §5 (`DATE_INPUT_FORMATS`); English is British here. */
const DATE_TIME_FORMATS: Record<string, string> = {
  de: 'dd.MM.yy, HH:mm',
  en: 'dd/MM/yy, HH:mm',
  it: 'dd/MM/yy, HH:mm',
};

/**
 * Date and 24-hour time of a historic value, e.g. 21.11.26, 14:30 (de) or 21/11/26, 14:30 (en, it), on the
 * stations' clock (Central European time) like entry and archive: the browser's own zone (a laptop on UTC)
 * showed a value entered at 13:18 as 12:18 here.
 */
export function formatDateTime(iso: string, locale: string, zone = DEFAULT_ZONE): string {
  const dt = DateTime.fromISO(iso, { zone });
  return dt.isValid ? dt.toFormat(DATE_TIME_FORMATS[locale] ?? DATE_TIME_FORMATS.de ?? '') : iso;
}

/** Only the 24-hour time, for values of the same day. */
export function formatTime(iso: string, locale: string, zone = DEFAULT_ZONE): string {
  const dt = DateTime.fromISO(iso, { zone }).setLocale(locale);
  return dt.isValid ? dt.toFormat('HH:mm') : iso;
}
