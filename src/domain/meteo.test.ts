import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import {
  isFutureDay,
  isMeteoRound,
  meteoDraftKey,
  meteoEntries,
  meteoStations,
  meteoTimeKey,
  monthDays,
  monthStart,
} from './meteo';

const entry = (staNumber: string, tsParameter: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({
    staNumber,
    staName: `S${staNumber}`,
    tsId: `${staNumber}-${tsParameter}`,
    tsParameter,
    tsUnit: 'mm',
    ...extra,
  }) as MeasureRoundEntry;
const PARAMS = ['N', 'HS', 'HSN', 'LT'];
const round = [
  entry('1', 'LT'),
  entry('1', 'N'),
  entry('1', 'HS'),
  entry('1', 'HSN'),
  entry('1', 'SWW'),
  entry('2', 'N'),
  entry('2', 'HS'),
  entry('2', 'HSN'),
  entry('2', 'LT'),
];

describe('meteo month (§2 meteoInput)', () => {
  it.each([
    ['2026-02-14', '2026-02-01', 28],
    ['2024-02-01', '2024-02-01', 29],
    ['2026-11-30', '2026-11-01', 30],
    ['2026-12-31', '2026-12-01', 31],
    ['2026-13-01', undefined, 0],
    ['2026-1-1', undefined, 0],
    ['x', undefined, 0],
  ])('%s lies in the month from %s with %i days', (date, start, days) => {
    expect(monthStart(date)).toBe(start);
    expect(monthDays(date)).toHaveLength(days);
    if (start) expect(monthDays(date)[0]).toBe(start);
  });

  it('keys a value by timeseries and day, a time by station and day', () => {
    expect(meteoDraftKey('4001-N', '2026-11-02')).toBe('4001-N|2026-11-02');
    expect(meteoTimeKey('4001', '2026-11-02')).toBe('time|4001|2026-11-02');
  });

  it('lists each station with its configured parameters in the configured order', () => {
    const stations = meteoStations(round, PARAMS);
    expect(stations.map((s) => [s.staNumber, s.entries.map((e) => e.tsParameter)])).toEqual([
      ['1', PARAMS],
      ['2', PARAMS],
    ]);
    expect(meteoStations(round, ['X'])).toEqual([]);
  });

  it.each([
    ['every station has every parameter', round, PARAMS, true],
    ['a station lacks one', [...round, entry('3', 'N')], PARAMS, false],
    ['no entries', [], PARAMS, false],
    ['no parameters', round, [], false],
    ['a table round', [entry('9', 'W'), entry('9', 'Q')], PARAMS, false],
  ] as const)('meteo round when %s', (_name, entries, params, expected) => {
    expect(isMeteoRound(entries, params)).toBe(expected);
  });

  it('makes one entry per timeseries and day, at the day time, the value time or the default time', () => {
    const out = meteoEntries(
      round,
      [
        { tsId: '1-N|2026-11-02', text: '3,5' },
        { tsId: '1-HS|2026-11-02', text: '-' },
        { tsId: 'time|1|2026-11-02', time: '07:30' },
        { tsId: '1-N|2026-11-01', text: '1', remark: ' drizzle ' },
        { tsId: '1-LT|2026-11-01', text: '2', time: '08:00' },
        { tsId: '2-N|2026-11-01', text: 'abc' },
        { tsId: '1-N|2026-12-01', text: '9' },
        { tsId: 'unknown|2026-11-01', text: '9' },
        { tsId: 'nokey', text: '9' },
        { tsId: '2-HS|2026-11-03', remark: 'fog' },
        { tsId: '2-LT|2026-11-03', text: '1', time: '7:5' },
      ],
      '2026-11-15',
      '12:00',
    );
    expect(out.map((e) => [e.tsId, e.dt, e.value, e.tsRemark?.text])).toEqual([
      // a time that is not HH:mm leaves the entry undated: buildPost then reports the missing date
      ['2-LT', undefined, 1, undefined],
      ['1-LT', '2026-11-01T08:00:00.000+01:00', 2, undefined],
      ['1-N', '2026-11-01T12:00:00.000+01:00', 1, 'drizzle'],
      ['2-N', '2026-11-01T12:00:00.000+01:00', undefined, undefined],
      ['1-HS', '2026-11-02T07:30:00.000+01:00', undefined, undefined],
      ['1-N', '2026-11-02T07:30:00.000+01:00', 3.5, undefined],
      ['2-HS', '2026-11-03T12:00:00.000+01:00', undefined, 'fog'],
    ]);
  });

  it.each([
    ['2026-11-02', '2026-11-01', true],
    ['2026-11-01', '2026-11-01', false],
    ['2026-10-31', '2026-11-01', false],
  ])('%s after %s: %s', (day, today, expected) => {
    expect(isFutureDay(day, today)).toBe(expected);
  });
});
