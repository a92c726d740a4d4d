import { describe, expect, it } from 'vitest';
import {
  decimalSeparator,
  epochToIso,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  MISSING,
  toFormatLocale,
  type FormatLocale,
} from './locale-format';

describe('formatNumber per interface language', () => {
  it.each<[number | null | undefined, FormatLocale, string]>([
    [1679.41, 'de', '1679,41'],
    [1679.41, 'en', '1679.41'],
    [1679.41, 'it', '1679,41'],
    // no grouping: a German reader would take 1.679 for one thousand six hundred …
    [1234567.5, 'de', '1234567,5'],
    [1234567.5, 'en', '1234567.5'],
    [1234567.5, 'it', '1234567,5'],
    // the value keeps its own decimals, no rounding to 2 or 3 places, no trailing zeros added
    [0.123456, 'de', '0,123456'],
    [12, 'de', '12'],
    [12.5, 'it', '12,5'],
    [-3.25, 'de', '-3,25'],
    [-3.25, 'en', '-3.25'],
    [0.0000001, 'de', '0,0000001'],
    [-0, 'de', '0'],
    [0, 'en', '0'],
    [Number.NaN, 'de', MISSING],
    [Number.POSITIVE_INFINITY, 'en', MISSING],
    [null, 'de', MISSING],
    [undefined, 'it', MISSING],
  ])('%s in %s is %s', (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });
});

describe('formatDate per interface language', () => {
  it.each<[string | null | undefined, FormatLocale, string]>([
    ['2026-11-23', 'de', '23.11.2026'],
    ['2026-11-23', 'en', '23/11/2026'],
    ['2026-11-23', 'it', '23/11/2026'],
    // a timestamp is shown on its date in Vienna: 23:30 UTC on the 22nd is already the 23rd there
    ['2026-11-22T23:30:00Z', 'de', '23.11.2026'],
    ['2026-11-23T07:45:00+01:00', 'it', '23/11/2026'],
    ['2026-02-30', 'de', '2026-02-30'],
    ['not a date', 'en', 'not a date'],
    ['', 'de', MISSING],
    [null, 'de', MISSING],
    [undefined, 'it', MISSING],
  ])('%s in %s is %s', (iso, locale, expected) => {
    expect(formatDate(iso, locale)).toBe(expected);
  });

  it('uses the zone it is given', () => {
    expect(formatDate('2026-11-22T23:30:00Z', 'de', 'UTC')).toBe('22.11.2026');
  });
});

describe('formatDateTime with 24-hour time', () => {
  it.each<[string | null | undefined, FormatLocale, string]>([
    ['2026-11-23T06:45:00Z', 'de', '23.11.2026 07:45'],
    ['2026-11-23T06:45:00Z', 'en', '23/11/2026 07:45'],
    ['2026-11-23T06:45:00Z', 'it', '23/11/2026 07:45'],
    // summer time in Vienna is UTC+2; the afternoon is never "3:15 PM"
    ['2026-07-01T13:15:00.000Z', 'en', '01/07/2026 15:15'],
    ['2026-11-23T07:45:00+01:00', 'de', '23.11.2026 07:45'],
    ['garbage', 'de', 'garbage'],
    [null, 'en', MISSING],
    ['', 'it', MISSING],
  ])('%s in %s is %s', (iso, locale, expected) => {
    expect(formatDateTime(iso, locale)).toBe(expected);
  });

  it('uses the zone it is given', () => {
    expect(formatDateTime('2026-11-23T06:45:00Z', 'de', 'UTC')).toBe('23.11.2026 06:45');
  });
});

describe('formatTime', () => {
  it.each<[string | null | undefined, string]>([
    ['2026-11-23T06:45:00Z', '07:45'],
    ['2026-07-01T21:05:00Z', '23:05'],
    ['nope', 'nope'],
    [undefined, MISSING],
  ])('%s is %s', (iso, expected) => {
    expect(formatTime(iso)).toBe(expected);
  });
});

describe('toFormatLocale', () => {
  it.each<[string | null | undefined, FormatLocale]>([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['en-GB', 'en'],
    ['EN', 'en'],
    ['it_IT', 'it'],
    ['fr', 'de'],
    ['', 'de'],
    [null, 'de'],
    [undefined, 'de'],
  ])('%s → %s', (tag, expected) => {
    expect(toFormatLocale(tag)).toBe(expected);
  });
});

describe('epochToIso', () => {
  it.each<[number | null | undefined, string | undefined]>([
    [Date.UTC(2026, 10, 23, 6, 45), '2026-11-23T06:45:00.000Z'],
    [Number.NaN, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%s → %s', (ms, expected) => {
    expect(epochToIso(ms)).toBe(expected);
  });
});

describe('decimalSeparator', () => {
  it.each<[FormatLocale, string]>([
    ['de', ','],
    ['en', '.'],
    ['it', ','],
  ])('%s → %s', (locale, expected) => {
    expect(decimalSeparator(locale)).toBe(expected);
    // the separator agrees with formatNumber
    expect(formatNumber(1.5, locale)).toBe(`1${expected}5`);
  });
});
