import { describe, expect, it } from 'vitest';
import { parseTimeInput, timeNow } from './time-input';

describe('parseTimeInput (24-hour, independent of the browser locale)', () => {
  it.each([
    ['0745', '07:45'],
    ['745', '07:45'],
    ['7:45', '07:45'],
    ['7.45', '07:45'],
    ['7,45', '07:45'],
    ['07 45', '07:45'],
    ['7h45', '07:45'],
    ['7:5', '07:50'],
    ['7', '07:00'],
    ['19', '19:00'],
    ['1945', '19:45'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    [' 12:00 ', '12:00'],
  ])('%s gives %s', (typed, expected) => {
    expect(parseTimeInput(typed)).toBe(expected);
  });

  it.each(['', '24:00', '12:60', '2400', '7:45 PM', 'abc', '12345', '1:2:3', '-1'])('%s is not a time', (typed) => {
    expect(parseTimeInput(typed)).toBeUndefined();
  });

  it.each([
    ['2026-11-23T06:05:00Z', '07:05'], // winter: UTC+1
    ['2026-07-01T06:05:00Z', '08:05'], // summer: UTC+2
    ['2026-11-23T23:30:00Z', '00:30'],
    // both summer-time changes of 2026 (at 01:00 UTC): the clock jumps 02:00 → 03:00 and 03:00 → 02:00
    ['2026-03-29T00:59:00Z', '01:59'],
    ['2026-03-29T01:00:00Z', '03:00'],
    ['2026-10-25T00:59:00Z', '02:59'],
    ['2026-10-25T01:00:00Z', '02:00'],
  ])('gives now (%s) as HH:mm on the station clock (Europe/Vienna): %s', (iso, expected) => {
    expect(timeNow(new Date(iso))).toBe(expected);
  });
});
