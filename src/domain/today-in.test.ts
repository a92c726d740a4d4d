import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE, MEZ_ZONE, shiftIsoDate, todayIn } from './zoned-time';

describe('todayIn: the calendar date a reader in the zone sees', () => {
  it.each<[string, string, string]>([
    // the hour after midnight in Vienna (winter, UTC+1): the UTC date is still yesterday
    ['2026-11-27T22:59:59Z', DEFAULT_ZONE, '2026-11-27'],
    ['2026-11-27T23:00:00Z', DEFAULT_ZONE, '2026-11-28'],
    ['2026-11-27T23:30:00Z', DEFAULT_ZONE, '2026-11-28'],
    ['2026-11-27T23:30:00Z', 'UTC', '2026-11-27'],
    // summer (UTC+2): two hours after midnight differ
    ['2026-07-01T21:59:59Z', DEFAULT_ZONE, '2026-07-01'],
    ['2026-07-01T22:00:00Z', DEFAULT_ZONE, '2026-07-02'],
    ['2026-07-01T23:59:59Z', DEFAULT_ZONE, '2026-07-02'],
    // the day summer time ends (25 Oct 2026, 03:00 CEST → 02:00 CET; the day has 25 hours)
    ['2026-10-24T21:59:59Z', DEFAULT_ZONE, '2026-10-24'],
    ['2026-10-24T22:00:00Z', DEFAULT_ZONE, '2026-10-25'],
    ['2026-10-25T00:30:00Z', DEFAULT_ZONE, '2026-10-25'],
    ['2026-10-25T01:30:00Z', DEFAULT_ZONE, '2026-10-25'],
    ['2026-10-25T22:59:59Z', DEFAULT_ZONE, '2026-10-25'],
    ['2026-10-25T23:00:00Z', DEFAULT_ZONE, '2026-10-26'],
    // the day summer time starts (28 Mar 2027, 02:00 CET → 03:00 CEST; the day has 23 hours)
    ['2027-03-27T22:59:59Z', DEFAULT_ZONE, '2027-03-27'],
    ['2027-03-27T23:00:00Z', DEFAULT_ZONE, '2027-03-28'],
    ['2027-03-28T01:30:00Z', DEFAULT_ZONE, '2027-03-28'],
    ['2027-03-28T21:59:59Z', DEFAULT_ZONE, '2027-03-28'],
    ['2027-03-28T22:00:00Z', DEFAULT_ZONE, '2027-03-29'],
    // MEZ mode: UTC+1 all year, so in summer it turns midnight an hour after Vienna
    ['2026-07-01T22:30:00Z', MEZ_ZONE, '2026-07-01'],
    ['2026-07-01T23:30:00Z', MEZ_ZONE, '2026-07-02'],
    // a zone behind UTC: its day ends after the UTC date has changed
    ['2026-11-28T03:00:00Z', 'America/New_York', '2026-11-27'],
    // year and month boundaries
    ['2026-12-31T23:00:00Z', DEFAULT_ZONE, '2027-01-01'],
    ['2028-02-28T23:30:00Z', DEFAULT_ZONE, '2028-02-29'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(todayIn(zone, new Date(iso))).toBe(expected);
    expect(todayIn(zone, Date.parse(iso))).toBe(expected);
  });

  it('an unknown zone or an invalid moment is an error, not a wrong date', () => {
    expect(() => todayIn('Mars/Olympus', Date.parse('2026-11-27T12:00:00Z'))).toThrow(RangeError);
    expect(() => todayIn(DEFAULT_ZONE, Number.NaN)).toThrow(RangeError);
  });

  it('agrees with luxon for any moment and zone', () => {
    const zones = [DEFAULT_ZONE, MEZ_ZONE, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2060-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ms, zone) => todayIn(zone, ms) === DateTime.fromMillis(ms, { zone }).toISODate(),
      ),
    );
  });
});

describe('shiftIsoDate: calendar days before and after a date', () => {
  it.each<[string, number, string]>([
    ['2026-11-28', -1, '2026-11-27'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    // 25-hour and 23-hour days in Vienna are still one calendar day each
    ['2026-10-26', -1, '2026-10-25'],
    ['2027-03-28', 1, '2027-03-29'],
    ['2026-11-27', -60, '2026-09-28'],
    ['2026-11-27', 0, '2026-11-27'],
  ])('%s shifted by %i days is %s', (date, days, expected) => {
    expect(shiftIsoDate(date, days)).toBe(expected);
  });

  it.each(['2026-02-30', '27.11.2026', '2026-11-27T00:00'])('refuses %s', (text) => {
    expect(() => shiftIsoDate(text, 1)).toThrow(RangeError);
  });
});
