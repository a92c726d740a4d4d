import { DateTime } from 'luxon';
import { DATE_INPUT_FORMATS, type DateLocale } from './zoned-time';

/** §5: date input formats are locale-specific (defined in zoned-time, which needs no luxon). */
export { DATE_INPUT_FORMATS, type DateLocale };

/** Reads a date typed in the user's locale format into YYYY-MM-DD; undefined when it is not a real date. */
export function parseLocaleDate(text: string, locale: DateLocale): string | undefined {
  const dt = DateTime.fromFormat(text.trim(), DATE_INPUT_FORMATS[locale]);
  return dt.isValid ? dt.toISODate() : undefined;
}

export function formatLocaleDate(isoDate: string, locale: DateLocale): string {
  return DateTime.fromISO(isoDate).toFormat(DATE_INPUT_FORMATS[locale]);
}

/** §9: remark autocomplete replaces the date placeholder with today as DD-MM-YY. */
export const REMARK_DATE_PLACEHOLDER = '{date}';
export function fillRemarkPlaceholder(text: string, today: Date): string {
  return text.split(REMARK_DATE_PLACEHOLDER).join(DateTime.fromJSDate(today).toFormat('dd-MM-yy'));
}

/**
 * §5 MEZ mode: times are shown in fixed UTC+1 (Mitteleuropäische Zeit) all year, so a reading taken at
 * 12:00 summer time (UTC+2) is shown as 11:00 MEZ: shifted by an hour when summer time applies.
 */
export function toMezTime(iso: string): string {
  return DateTime.fromISO(iso).setZone('UTC+1').toFormat('HH:mm');
}

/** The ISO timestamp of a time typed in MEZ on a date (the inverse of toMezTime). */
export function fromMezTime(date: string, time: string): string | undefined {
  const dt = DateTime.fromISO(`${date}T${time}`, { zone: 'UTC+1' });
  return dt.isValid ? dt.toISO() : undefined;
}

/** Whether summer time applies in the zone at that moment (the MEZ shift is then one hour). */
export function isSummerTime(iso: string, zone = 'Europe/Vienna'): boolean {
  return DateTime.fromISO(iso).setZone(zone).isInDST;
}
