import { describe, expect, it } from 'vitest';
import { combineDateAndTime, DEFAULT_ZONE, readingZone } from './dates';
import { MEZ_ZONE } from './zoned-time';
import { formatDateTime, formatTime } from './locale-format';
import { timeNow } from './time-input';

// 2026: summer time starts on 29 March (02:00 → 03:00) and ends on 25 October (03:00 → 02:00) in Vienna.
const epoch = (iso: string | undefined): number => (iso ? Date.parse(iso) : NaN);

describe('§5 MEZ mode: times typed and posted in fixed UTC+1', () => {
  it('picks the zone from the config', () => {
    expect(readingZone(true)).toBe(MEZ_ZONE);
    expect(readingZone(false)).toBe(DEFAULT_ZONE);
  });

  it.each<[string, string, string, string, string]>([
    // date, typed, what the wall clock means (UTC), what MEZ means (UTC), why
    ['2026-01-15', '12:00', '2026-01-15T11:00:00.000Z', '2026-01-15T11:00:00.000Z', 'winter: MEZ is the wall clock'],
    ['2026-07-01', '12:00', '2026-07-01T10:00:00.000Z', '2026-07-01T11:00:00.000Z', 'summer: MEZ is an hour behind'],
    ['2026-03-29', '01:30', '2026-03-29T00:30:00.000Z', '2026-03-29T00:30:00.000Z', 'spring change, before it'],
    [
      '2026-03-29',
      '02:30',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      'spring change: the wall hour that does not exist is a real MEZ hour',
    ],
    ['2026-03-29', '03:30', '2026-03-29T01:30:00.000Z', '2026-03-29T02:30:00.000Z', 'spring change, after it'],
    ['2026-10-25', '01:30', '2026-10-24T23:30:00.000Z', '2026-10-25T00:30:00.000Z', 'autumn change, before it'],
    // the wall hour that exists twice is read as its second occurrence; MEZ names the first one 01:30 (row above)
    [
      '2026-10-25',
      '02:30',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
      'autumn change: the wall hour that exists twice is one MEZ hour',
    ],
    ['2026-10-25', '03:30', '2026-10-25T02:30:00.000Z', '2026-10-25T02:30:00.000Z', 'autumn change, after it'],
  ])('%s %s', (date, typed, wall, mez) => {
    expect(epoch(combineDateAndTime(date, typed, DEFAULT_ZONE))).toBe(Date.parse(wall));
    expect(epoch(combineDateAndTime(date, typed, MEZ_ZONE))).toBe(Date.parse(mez));
    // what is posted carries the +01:00 of MEZ, so a server reading the text as it is gets the same moment
    expect(combineDateAndTime(date, typed, MEZ_ZONE)).toMatch(/\+01:00$/);
    // and it is shown as typed
    expect(formatTime(combineDateAndTime(date, typed, MEZ_ZONE), MEZ_ZONE)).toBe(typed);
  });

  it.each<[string, string, string]>([
    // moment (UTC), shown on the wall clock, shown in MEZ
    ['2026-10-25T00:30:00Z', '02:30', '01:30'], // first 02:30 of the wall clock
    ['2026-10-25T01:30:00Z', '02:30', '02:30'], // second 02:30: MEZ tells them apart
    ['2026-03-29T01:30:00Z', '03:30', '02:30'], // MEZ shows the hour the wall clock skips
    ['2026-07-01T10:00:00Z', '12:00', '11:00'],
    ['2026-12-01T11:00:00Z', '12:00', '12:00'],
  ])('shows %s as %s (wall) and %s (MEZ)', (iso, wall, mez) => {
    expect(formatTime(iso, DEFAULT_ZONE)).toBe(wall);
    expect(formatTime(iso, MEZ_ZONE)).toBe(mez);
    expect(timeNow(new Date(iso), MEZ_ZONE)).toBe(mez);
  });

  it('keeps the MEZ date when summer time would move to the next day', () => {
    expect(formatDateTime('2026-07-01T22:30:00Z', 'de', DEFAULT_ZONE)).toBe('02.07.2026 00:30');
    expect(formatDateTime('2026-07-01T22:30:00Z', 'de', MEZ_ZONE)).toBe('01.07.2026 23:30');
  });
});

describe('combineDateAndTime answers from its memory as it computed them', () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    // date, time, in the stations' zone, in MEZ
    ['2026-07-01', '12:00', '2026-07-01T12:00:00.000+02:00', '2026-07-01T12:00:00.000+01:00'],
    ['2026-02-30', '12:00', undefined, undefined],
    ['2026-03-29', '02:30', '2026-03-29T03:30:00.000+02:00', '2026-03-29T02:30:00.000+01:00'],
  ])('%s %s: the same answer asked twice, and each zone its own', (date, time, wall, mez) => {
    for (let i = 0; i < 2; i++) {
      expect(combineDateAndTime(date, time, DEFAULT_ZONE)).toBe(wall);
      expect(combineDateAndTime(date, time, MEZ_ZONE)).toBe(mez);
    }
  });
});
