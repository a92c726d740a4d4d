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

  it('formats now as HH:mm', () => {
    expect(timeNow(new Date(2026, 10, 23, 7, 5))).toBe('07:05');
  });
});
