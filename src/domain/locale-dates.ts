import { DATE_INPUT_FORMATS, formatCalendarDate, isIsoCalendarDate, isoToEpoch, type DateLocale } from './zoned-time';

/** §5: date input formats are locale-specific (defined in zoned-time, which needs no luxon). */
export { DATE_INPUT_FORMATS, type DateLocale };

const TYPED_DATE: Record<DateLocale, RegExp> = {
  de: /^(\d{2})\.(\d{2})\.(\d{4})$/,
  en: /^(\d{2})\/(\d{2})\/(\d{4})$/,
  it: /^(\d{2})\/(\d{2})\/(\d{4})$/,
};
const pad2 = (n: number): string => String(n).padStart(2, '0');

// The three functions below need no luxon: the group selection (first screen) uses them through its date field
//. They read and write exactly what luxon's dd.MM.yyyy / dd/MM/yyyy formats did.

/** Reads a date typed in the user's locale format into YYYY-MM-DD; undefined when it is not a real date. */
export function parseLocaleDate(text: string, locale: DateLocale): string | undefined {
  const m = TYPED_DATE[locale].exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoCalendarDate(iso) ? iso : undefined;
}

/** YYYY-MM-DD (or the local date of a timestamp) in the locale's format; 'Invalid DateTime' as luxon wrote it. */
export function formatLocaleDate(isoDate: string, locale: DateLocale): string {
  const date = formatCalendarDate(isoDate, locale);
  if (date !== undefined) return date;
  const ms = isoToEpoch(isoDate);
  if (ms === undefined) return 'Invalid DateTime';
  const d = new Date(ms);
  return (
    formatCalendarDate(
      `${String(d.getFullYear()).padStart(4, '0')}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`,
      locale,
    ) ?? 'Invalid DateTime'
  );
}

/** §9: remark autocomplete replaces the date placeholder with today as DD-MM-YY. */
export const REMARK_DATE_PLACEHOLDER = '{date}';
export function fillRemarkPlaceholder(text: string, today: Date): string {
  const date = `${pad2(today.getDate())}-${pad2(today.getMonth() + 1)}-${pad2(today.getFullYear() % 100)}`;
  return text.split(REMARK_DATE_PLACEHOLDER).join(date);
}
