import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatWallDate,
  formatWallTime,
  isIsoCalendarDate,
  isoToEpoch,
  isoWallTimeIn,
  toIsoDate,
  wallTimeIn,
  type DateLocale,
} from './zoned-time';

// luxon stays the reference: the lazy screens still use it, and the first screen must read the same.
const luxonFields = (ms: number, zone: string) => {
  const { year, month, day, hour, minute, second, millisecond } = DateTime.fromMillis(ms, { zone });
  return { year, month, day, hour, minute, second, millisecond };
};
const luxonEpoch = (iso: string, zone?: string): number | undefined => {
  const dt = zone ? DateTime.fromISO(iso, { zone }) : DateTime.fromISO(iso, { setZone: true });
  return dt.isValid ? dt.toMillis() : undefined;
};

describe('isoToEpoch reads ISO 8601 like luxon', () => {
  it.each<[string, string | undefined]>([
    ['2026-11-23T06:45:00Z', undefined],
    ['2026-11-23T06:45:00.123Z', undefined],
    ['2026-11-23T06:45:00,5Z', undefined],
    ['2026-11-23T06:45:00.123456789+01:00', undefined],
    ['2026-11-23T07:45+01:00', undefined],
    ['2026-11-23T07+01', undefined],
    ['2026-11-23T07:45:00-0530', undefined],
    ['2026-11-23t07:45:00z', undefined],
    ['2026-07-01T12:00:00', 'Europe/Vienna'],
    ['2026-11-23T00:30', 'Europe/Vienna'],
    ['2026-03-29T02:30', 'Europe/Vienna'], // skipped by summer time
    ['2026-11-23', 'America/New_York'],
    ['2026-11-23T12:00', 'UTC'],
    ['0099-05-01T00:00Z', undefined],
  ])('%s in %s', (iso, zone) => {
    expect(isoToEpoch(iso, zone)).toBe(luxonEpoch(iso, zone));
  });

  // luxon's pick in that hour depends on the offset in force today (winter: the later instant): not compared with it
  it.each<[string, string, number]>([
    ['2026-10-25T02:30', 'Europe/Vienna', Date.UTC(2026, 9, 25, 0, 30)],
    ['2014-11-02T01:00', 'America/New_York', Date.UTC(2014, 10, 2, 5, 0)],
    ['2026-04-05T01:45', 'Australia/Lord_Howe', Date.UTC(2026, 3, 4, 14, 45)],
  ])('%s in %s, an hour that happens twice, is its earlier instant', (iso, zone, expected) => {
    expect(isoToEpoch(iso, zone)).toBe(expected);
    expect(isoToEpoch(iso, zone)).toBe(isoToEpoch(iso, zone));
  });

  it.each<[string]>([
    ['2026-02-30'],
    ['2026-13-01'],
    ['2026-11-23T24:00'],
    ['2026-11-23T07:60'],
    ['2026-11-23T07:45:61Z'],
    ['2026-11-23T07:45+19:00'],
    ['garbage'],
    ['nope 2'],
    ['2026-11-23 07:45'],
    [''],
  ])('%s is no moment', (iso) => {
    expect(isoToEpoch(iso)).toBeUndefined();
  });

  it('reads a text without an offset in the browser zone when no zone is given', () => {
    expect(isoToEpoch('2026-11-23T07:45')).toBe(new Date(2026, 10, 23, 7, 45).getTime());
    expect(isoToEpoch('2026-11-23')).toBe(new Date(2026, 10, 23).getTime());
  });

  it('an unknown zone gives no moment', () => {
    expect(isoToEpoch('2026-11-23T07:45', 'Mars/Olympus')).toBeUndefined();
    expect(wallTimeIn(0, 'Mars/Olympus')).toBeUndefined();
    expect(wallTimeIn(Number.NaN, 'UTC')).toBeUndefined();
  });

  it('agrees with luxon on any instant and zone', () => {
    const zones = [
      'Europe/Vienna',
      'Europe/Rome',
      'Europe/London',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const expected = DateTime.fromMillis(ms, { zone });
          const w = wallTimeIn(ms, zone);
          expect(w).toEqual(luxonFields(ms, zone));
          // the wall time read back in the same zone is the same instant or, in an hour that happens twice, the
          // earlier one with the same wall time (luxon picks either, by the season of the day the test runs)
          const wall = expected.toISO({ includeOffset: false }) ?? '';
          const back = isoToEpoch(wall, zone) ?? Number.NaN;
          expect(wallTimeIn(back, zone)).toEqual(w);
          expect(back).toBeLessThanOrEqual(ms);
          expect(ms - back).toBeLessThanOrEqual(3_600_000);
          // luxon's instant has the same wall time: the two differ only in that hour's choice
          expect(wallTimeIn(luxonEpoch(wall, zone) ?? Number.NaN, zone)).toEqual(w);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('wallTimeIn on the days the clocks change', () => {
  // each zone's offset is looked up per UTC day: the instants around a change, the first and last second of its
  // day, a zone with a 30-minute change, one with seconds in its offset (Vienna's mean time before 1893)
  const around = (iso: string) => {
    const t = Date.parse(iso);
    const day = Math.floor(t / 86_400_000) * 86_400_000;
    return [t - 1000, t, t + 1000, t - 1_800_000, t + 1_800_000, day, day + 86_399_999, day - 1, day + 86_400_000];
  };
  it.each([
    ['Europe/Vienna', '2026-03-29T01:00:00Z'],
    ['Europe/Vienna', '2026-10-25T01:00:00Z'],
    ['Europe/Vienna', '1893-03-31T22:54:39Z'],
    ['America/New_York', '2026-03-08T07:00:00Z'],
    ['America/St_Johns', '2026-11-01T03:30:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ['Asia/Kathmandu', '1986-01-01T00:00:00Z'],
    ['Etc/GMT-1', '2026-07-10T07:00:00Z'],
  ])('%s around %s: the fields luxon gives, asked once and again', (zone, iso) => {
    for (const ms of around(iso)) {
      const fields = luxonFields(ms, zone);
      expect(wallTimeIn(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(fields);
      expect(wallTimeIn(ms, zone)).toEqual(fields);
    }
  });
});

describe('formatting wall times', () => {
  it.each<[DateLocale, string]>([
    ['de', '03.04.0987'],
    ['en', '03/04/0987'],
    ['it', '03/04/0987'],
  ])('%s date is %s', (locale, expected) => {
    expect(formatWallDate({ year: 987, month: 4, day: 3 }, locale)).toBe(expected);
  });

  it.each<[string, DateLocale, string | undefined]>([
    ['2026-11-23', 'de', '23.11.2026'],
    ['2026-11-23', 'it', '23/11/2026'],
    ['2024-02-29', 'en', '29/02/2024'],
    ['2026-02-29', 'de', undefined],
    ['2026-11-23T07:45Z', 'de', undefined],
  ])('calendar date %s in %s is %s', (iso, locale, expected) => {
    expect(formatCalendarDate(iso, locale)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['2026-11-23', true],
    ['2026-11-31', false],
    ['2026-11-23T00:00Z', false],
  ])('%s is a calendar date: %s', (iso, expected) => {
    expect(isIsoCalendarDate(iso)).toBe(expected);
  });

  it('time and ISO date of a zoned wall time', () => {
    const w = isoWallTimeIn('2026-07-01T21:05:00Z', 'Europe/Vienna');
    expect(w && formatWallTime(w)).toBe('23:05');
    expect(w && toIsoDate(w)).toBe('2026-07-01');
    const late = isoWallTimeIn('2026-07-01T22:05:00Z', 'Europe/Vienna');
    expect(late && toIsoDate(late)).toBe('2026-07-02');
    expect(isoWallTimeIn('nope', 'UTC')).toBeUndefined();
  });
});
