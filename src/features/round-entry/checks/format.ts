import type { I18n } from '@lingui/core';
import { formatLocaleDate, type DateLocale } from '../../../domain';

/**
 * A number in the UI language. Absurdly large values (a typo like 1e99) are shown in scientific notation,
 * so a message stays short instead of a hundred digits wide.
 */
export function formatCheckNumber(i18n: I18n, n: number | undefined): string {
  if (n === undefined) return '–';
  return formatterOf(i18n.locales ?? i18n.locale, Math.abs(n) >= 1e9).format(n);
}

/**
 * One Intl.NumberFormat per language and notation. Lingui's `i18n.number` builds its cache key with JSON.stringify
 * on every call, and the table formats these numbers in every rendered row's messages on each keystroke: it showed
 * in the keystroke's CPU profile (docs/benchmarks.md, "What a keystroke costs").
 */
function formatterOf(locales: string | string[], scientific: boolean): Intl.NumberFormat {
  const key = `${String(locales)}|${scientific}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locales,
      scientific
        ? { notation: 'scientific', maximumSignificantDigits: 6 }
        : { maximumFractionDigits: 6, useGrouping: false },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}
const formatters = new Map<string, Intl.NumberFormat>();

/** The round's date (YYYY-MM-DD) in the UI language's date format. */
export function formatRoundDate(i18n: I18n, date: string): string {
  const locale = (['de', 'en', 'it'].includes(i18n.locale) ? i18n.locale : 'de') as DateLocale;
  return formatLocaleDate(date, locale);
}
