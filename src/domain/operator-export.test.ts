import { describe, expect, it } from 'vitest';
import { auditQuery, dayStartIso, EMPTY_EXPORT_FORM, readingsQuery } from './operator-export';
import { DEFAULT_ZONE, MEZ_ZONE } from './zoned-time';

describe('dayStartIso', () => {
  it.each([
    ['2026-11-20', DEFAULT_ZONE, '2026-11-19T23:00:00.000Z'],
    ['2026-07-01', DEFAULT_ZONE, '2026-06-30T22:00:00.000Z'],
    // MEZ: UTC+1 all year, also in summer
    ['2026-07-01', MEZ_ZONE, '2026-06-30T23:00:00.000Z'],
    // the night summer time ends in Vienna: the day still starts at 00:00 CEST
    ['2026-10-25', DEFAULT_ZONE, '2026-10-24T22:00:00.000Z'],
    ['2026-02-30', DEFAULT_ZONE, undefined],
    ['20.11.2026', DEFAULT_ZONE, undefined],
    ['', DEFAULT_ZONE, undefined],
  ])('%s in %s starts at %s', (day, zone, expected) => {
    expect(dayStartIso(day, zone)).toBe(expected);
  });
});

describe('readingsQuery', () => {
  const query = (change: Partial<typeof EMPTY_EXPORT_FORM>) =>
    readingsQuery({ ...EMPTY_EXPORT_FORM, ...change }, DEFAULT_ZONE);
  it.each([
    [{}, { query: 'format=csv', fileName: 'readings.csv' }],
    [{ format: 'zrxp' as const }, { query: 'format=zrxp', fileName: 'readings.zrx' }],
    [{ format: 'excel-de' as const }, { query: 'format=csv&csv=excel-de', fileName: 'readings.csv' }],
    [
      { mrId: '101', staNumber: '201010', tsParameter: 'W' },
      { query: 'format=csv&mrId=101&staNumber=201010&tsParameter=W', fileName: 'readings.csv' },
    ],
    // the last day counts whole: `to` is the next day's start (exclusive in the API)
    [
      { fromDay: '2026-11-01', toDay: '2026-11-20' },
      {
        query: 'format=csv&from=2026-10-31T23%3A00%3A00.000Z&to=2026-11-20T23%3A00%3A00.000Z',
        fileName: 'readings.csv',
      },
    ],
    // one day
    [
      { fromDay: '2026-11-20', toDay: '2026-11-20' },
      {
        query: 'format=csv&from=2026-11-19T23%3A00%3A00.000Z&to=2026-11-20T23%3A00%3A00.000Z',
        fileName: 'readings.csv',
      },
    ],
    [{ includeCorrected: true }, { query: 'format=csv&corrected=1', fileName: 'readings.csv' }],
    [{ fromDay: '2026-11-21', toDay: '2026-11-20' }, { problem: 'from-after-to' }],
    [{ fromDay: '2026-13-01' }, { problem: 'from-invalid' }],
    [{ toDay: '2026-02-29' }, { problem: 'to-invalid' }],
  ])('%o → %o', (change, expected) => {
    expect(query(change)).toEqual(expected);
  });

  it('reads the days in the MEZ zone when the configuration says so', () => {
    expect(readingsQuery({ ...EMPTY_EXPORT_FORM, fromDay: '2026-07-01' }, MEZ_ZONE)).toEqual({
      query: 'format=csv&from=2026-06-30T23%3A00%3A00.000Z',
      fileName: 'readings.csv',
    });
  });
});

describe('auditQuery', () => {
  it.each([
    [{ mrId: '', format: 'csv' as const }, ''],
    [{ mrId: '101', format: 'zrxp' as const }, 'mrId=101'],
    [{ mrId: '101', format: 'excel-de' as const }, 'mrId=101&csv=excel-de'],
  ])('%o → %s', (form, expected) => {
    expect(auditQuery(form)).toBe(expected);
  });
});
