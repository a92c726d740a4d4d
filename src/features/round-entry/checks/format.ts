import type { I18n } from '@lingui/core';
import { formatLocaleDate, type DateLocale } from '../../../domain';

/**
 * A number in the UI language. Absurdly large values (a typo like 1e99) are shown in scientific notation,
 * so a message stays short instead of a hundred digits wide.
 */
export function formatCheckNumber(i18n: I18n, n: number | undefined): string {
  if (n === undefined) return '–';
  if (Math.abs(n) >= 1e9) return i18n.number(n, { notation: 'scientific', maximumSignificantDigits: 6 });
  return i18n.number(n, { maximumFractionDigits: 6, useGrouping: false });
}

/** The round's date (YYYY-MM-DD) in the UI language's date format. */
export function formatRoundDate(i18n: I18n, date: string): string {
  const locale = (['de', 'en', 'it'].includes(i18n.locale) ? i18n.locale : 'de') as DateLocale;
  return formatLocaleDate(date, locale);
}
