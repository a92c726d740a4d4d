import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_FORMATS,
  fillRemarkPlaceholder,
  formatLocaleDate,
  parseLocaleDate,
  type DateLocale,
} from './locale-dates';

// The date field of the first screen reads and writes dates without luxon; luxon's own formats are
// the reference, so a date typed before the change reads the same after it.
const luxonParse = (text: string, locale: DateLocale) => {
  const dt = DateTime.fromFormat(text.trim(), DATE_INPUT_FORMATS[locale]);
  return dt.isValid ? dt.toISODate() : undefined;
};
const luxonFormat = (iso: string, locale: DateLocale) => DateTime.fromISO(iso).toFormat(DATE_INPUT_FORMATS[locale]);

const LOCALES: DateLocale[] = ['de', 'en', 'it'];

describe('parseLocaleDate reads what luxon read', () => {
  const texts = [
    '23.11.2026',
    ' 23.11.2026 ',
    '23/11/2026',
    '29.02.2024',
    '29/02/2024',
    '29.02.2026',
    '31.04.2026',
    '00.01.2026',
    '1.2.2026',
    '01.02.26',
    '2026-11-23',
    '23.11.2026x',
    '',
    '23-11-2026',
    '31/12/0999',
  ];
  it.each(LOCALES.flatMap((l) => texts.map((t) => [t, l] as const)))('%j in %s', (text, locale) => {
    expect(parseLocaleDate(text, locale)).toBe(luxonParse(text, locale) ?? undefined);
  });
});

describe('formatLocaleDate writes what luxon wrote', () => {
  const isos = [
    '2026-11-23',
    '2024-02-29',
    '0999-12-31',
    '2026-11-23T07:45',
    '2026-11-23T23:30:00Z',
    '2026-02-30',
    'garbage',
  ];
  it.each(LOCALES.flatMap((l) => isos.map((i) => [i, l] as const)))('%s in %s', (iso, locale) => {
    expect(formatLocaleDate(iso, locale)).toBe(luxonFormat(iso, locale));
  });
});

describe('fillRemarkPlaceholder', () => {
  it.each<[Date, string]>([
    [new Date(2026, 10, 3), 'kontrolliert 03-11-26 / 03-11-26'],
    [new Date(2009, 0, 31), 'kontrolliert 31-01-09 / 31-01-09'],
  ])('%s', (today, expected) => {
    expect(fillRemarkPlaceholder('kontrolliert {date} / {date}', today)).toBe(expected);
    expect(fillRemarkPlaceholder('kontrolliert {date} / {date}', today)).toBe(
      `kontrolliert ${DateTime.fromJSDate(today).toFormat('dd-MM-yy')} / ${DateTime.fromJSDate(today).toFormat('dd-MM-yy')}`,
    );
  });
});
