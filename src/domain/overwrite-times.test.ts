import { describe, expect, it } from 'vitest';
import { planDateTimeOverwrite, type DateTimeOverwrite } from './overwrite-times';
import type { DateLocale } from './locale-dates';

describe('§5 overwriting date/time reports invalid format and skips empty or unchanged input', () => {
  const entries = [
    { tsId: 'a', time: '12:00' },
    { tsId: 'b', time: '07:45' },
  ];
  const day = '2026-11-23';
  it.each<[string, DateLocale, string, string, DateTimeOverwrite]>([
    [
      'date and time',
      'de',
      '22.11.2026',
      '0745',
      { kind: 'done', date: '2026-11-22', changes: [{ tsId: 'a', time: '07:45' }], skipped: 1 },
    ],
    ['the date in English', 'en', '22/11/2026', '', { kind: 'done', date: '2026-11-22', changes: [], skipped: 2 }],
    ['the date in Italian', 'it', '22/11/2026', '', { kind: 'done', date: '2026-11-22', changes: [], skipped: 2 }],
    ['an ISO date', 'de', '2026-11-22', '', { kind: 'done', date: '2026-11-22', changes: [], skipped: 2 }],
    [
      'only the time',
      'de',
      '',
      '13:05',
      {
        kind: 'done',
        changes: [
          { tsId: 'a', time: '13:05' },
          { tsId: 'b', time: '13:05' },
        ],
        skipped: 0,
      },
    ],
    ['the unchanged date', 'de', '23.11.2026', '', { kind: 'done', changes: [], skipped: 2 }],
    ['nothing', 'de', ' ', ' ', { kind: 'done', changes: [], skipped: 2 }],
    ['a date in the wrong format for the language', 'de', '22/11/2026', '07:45', { kind: 'invalid', field: 'date' }],
    ['a date that does not exist', 'de', '30.02.2026', '', { kind: 'invalid', field: 'date' }],
    ['an ISO date that does not exist', 'en', '2026-02-30', '', { kind: 'invalid', field: 'date' }],
    ['an invalid time with a valid date', 'de', '22.11.2026', '25:00', { kind: 'invalid', field: 'time' }],
  ])('%s', (_name, locale, date, time, expected) => {
    expect(planDateTimeOverwrite(entries, day, { date, time }, locale)).toEqual(expected);
  });
});
