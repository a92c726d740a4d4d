import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { useReadingZone } from './reading-zone';
import {
  epochToIso,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  toFormatLocale,
  type FormatLocale,
} from '../domain/locale-format';

export interface LocaleFormat {
  locale: FormatLocale;
  number: (value: number | null | undefined) => string;
  date: (iso: string | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
  time: (iso: string | null | undefined) => string;
  /** epoch milliseconds (sentAt, updatedAt, lastPullAt) with date and time */
  epochDateTime: (ms: number | null | undefined) => string;
  epochTime: (ms: number | null | undefined) => string;
}

/**
 * The formatters of domain/locale-format bound to the active Lingui locale and the reading zone (§5 MEZ mode);
 * re-renders on a language switch.
 */
export function useLocaleFormat(): LocaleFormat {
  const { i18n } = useLingui();
  const locale = toFormatLocale(i18n.locale);
  const zone = useReadingZone();
  return useMemo(
    () => ({
      locale,
      number: (value) => formatNumber(value, locale),
      date: (iso) => formatDate(iso, locale, zone),
      dateTime: (iso) => formatDateTime(iso, locale, zone),
      time: (iso) => formatTime(iso, zone),
      epochDateTime: (ms) => formatDateTime(epochToIso(ms), locale, zone),
      epochTime: (ms) => formatTime(epochToIso(ms), zone),
    }),
    [locale, zone],
  );
}
