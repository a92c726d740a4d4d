import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE, MEZ_ZONE } from '../../domain/zoned-time';
import type { MeasureRoundEntry } from '../../../schemas/api';
import {
  copiesOf,
  copyEntries,
  copyNumber,
  copyTsId,
  nextCopyNumber,
  restoreCopyTsIds,
} from '../../domain/station-copies';
import { tableMove } from '../round-entry/table-keys';
import { formatDateTime, formatReading, formatTime } from '../round-entry/history-format';
import { parseDensity } from '../round-entry/use-density';

const entry = (tsId: string, staNumber: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({ tsId, staNumber, staName: 'P', tsParameter: 'W', ...extra }) as MeasureRoundEntry;

describe('station copies (§5 station duplication)', () => {
  it.each([
    ['2001-W#1', '2001-W', 1],
    ['2001-W#12', '2001-W', 12],
    ['2001-W', '2001-W', undefined],
    ['2001-W#0', '2001-W', undefined],
    ['2001-W#x', '2001-W', undefined],
    ['2002-W#1', '2001-W', undefined],
  ])('reads the copy number of %s (copy of %s) as %s', (tsId, copyOf, n) => {
    expect(copyNumber(tsId, copyOf)).toBe(n);
  });

  it('lists copies by number and ignores ordinary drafts', () => {
    const drafts = [
      { tsId: '2001-W#2', copyOf: '2001-W' },
      { tsId: '2001-W' },
      { tsId: '2001-W#1', copyOf: '2001-W' },
      { tsId: 'bad', copyOf: '2001-W' },
    ];
    expect(copiesOf(drafts)).toEqual([
      { tsId: '2001-W#1', copyOf: '2001-W', n: 1 },
      { tsId: '2001-W#2', copyOf: '2001-W', n: 2 },
    ]);
  });

  it.each([
    [[], 1],
    [[{ tsId: '2001-W#1', copyOf: '2001-W', n: 1 }], 2],
    [[{ tsId: '2001-T#3', copyOf: '2001-T', n: 3 }], 4],
    [[{ tsId: '2002-W#5', copyOf: '2002-W', n: 5 }], 1],
  ])('numbers the next copy of a station after %j as %i', (copies, next) => {
    expect(nextCopyNumber(['2001-W', '2001-T'], copies)).toBe(next);
  });

  it('posts a copy as another entry of the original timeseries, without the station tasks', () => {
    const entries = [
      entry('2001-W', '2001', { staTasks: [{ taskId: 't', taskType: 'Wartung' }] as MeasureRoundEntry['staTasks'] }),
      entry('2002-W', '2002'),
    ];
    const drafts = [
      { tsId: copyTsId('2001-W', 1), copyOf: '2001-W' },
      { tsId: '2009-W#1', copyOf: '2009-W' },
    ];
    const copies = copyEntries(entries, drafts);
    expect(copies.map((c) => c.tsId)).toEqual(['2001-W#1']);
    expect(copies[0]?.staTasks).toBeUndefined();
    expect(restoreCopyTsIds([...entries, ...copies], drafts).map((e) => e.tsId)).toEqual([
      '2001-W',
      '2002-W',
      '2001-W',
    ]);
  });
});

describe('spreadsheet keys of the table', () => {
  const none = { alt: false, ctrl: false, meta: false, shift: false };
  it.each([
    ['ArrowUp', { start: 2, end: 2, length: 4 }, none, { kind: 'row', delta: -1 }],
    ['ArrowDown', { start: 2, end: 2, length: 4 }, none, { kind: 'row', delta: 1 }],
    ['ArrowLeft', { start: 0, end: 0, length: 4 }, none, { kind: 'column', delta: -1 }],
    ['ArrowLeft', { start: 1, end: 1, length: 4 }, none, undefined],
    ['ArrowLeft', { start: 0, end: 4, length: 4 }, none, undefined],
    ['ArrowRight', { start: 4, end: 4, length: 4 }, none, { kind: 'column', delta: 1 }],
    ['ArrowRight', { start: 3, end: 3, length: 4 }, none, undefined],
    ['ArrowRight', { start: null, end: null, length: 0 }, none, { kind: 'column', delta: 1 }],
    ['ArrowDown', { start: 0, end: 0, length: 0 }, { ...none, shift: true }, undefined],
    ['F7', { start: 0, end: 0, length: 0 }, { ...none, shift: true }, { kind: 'station', delta: -1 }],
    ['F8', { start: 0, end: 0, length: 0 }, none, { kind: 'station', delta: 1 }],
    ['a', { start: 0, end: 0, length: 0 }, none, undefined],
  ] as const)('%s with caret %j moves %j', (key, caret, mods, move) => {
    expect(tableMove(key, caret, mods)).toEqual(move);
  });
});

describe('history numbers and dates follow the UI language', () => {
  it.each([
    ['de', 1684.25, '1684,25'],
    ['it', 1684.25, '1684,25'],
    ['en', 1684.25, '1684.25'],
    ['de', -0.5, '-0,5'],
  ])('%s shows %d as %s', (locale, value, text) => {
    expect(formatReading(value, locale)).toBe(text);
  });

  it.each([
    ['de', '21.11.26, 14:05'],
    ['en', '21/11/26, 14:05'],
    ['it', '21/11/26, 14:05'],
  ])('%s shows date and 24-hour time as %s', (locale, text) => {
    const iso = '2026-11-21T14:05:00';
    expect(formatDateTime(iso, locale)).toBe(text);
    expect(formatTime(iso, locale)).toBe('14:05');
  });

  // the history tells the stations' clock (Central European time) whatever the browser's zone,
  // on both sides of both summer-time changes (29 March and 25 October 2026, at 01:00 UTC)
  it.each([
    ['2026-03-29T00:59:00Z', '29.03.26, 01:59'],
    ['2026-03-29T01:00:00Z', '29.03.26, 03:00'],
    ['2026-10-25T00:59:00Z', '25.10.26, 02:59'],
    ['2026-10-25T01:00:00Z', '25.10.26, 02:00'],
    ['2026-11-23T12:18:00Z', '23.11.26, 13:18'],
    ['2026-11-23T13:18:00+01:00', '23.11.26, 13:18'],
    ['2026-07-01T07:45:00-04:00', '01.07.26, 13:45'],
  ])("shows %s as %s on the stations' clock", (iso, text) => {
    expect(formatDateTime(iso, 'de')).toBe(text);
    expect(formatTime(iso, 'de')).toBe(text.slice(-5));
  });

  it('keeps an unreadable date as it came', () => {
    expect(formatDateTime('yesterday', 'de')).toBe('yesterday');
    expect(formatTime('yesterday', 'de')).toBe('yesterday');
  });

  // The history is formatted with the browser's Intl (zoned-time); it said the same as luxon's toFormat before, for
  // every instant the server sends (an ISO text with an offset), on both clocks and in every language.
  it('says what luxon said for any instant, offset, clock and language', () => {
    const luxonFormats: Record<string, string> = {
      de: 'dd.MM.yy, HH:mm',
      en: 'dd/MM/yy, HH:mm',
      it: 'dd/MM/yy, HH:mm',
    };
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2099, 11, 31) }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15)),
        fc.constantFrom(DEFAULT_ZONE, MEZ_ZONE),
        fc.constantFrom('de', 'en', 'it'),
        (ms, offsetMinutes, zone, locale) => {
          const iso = DateTime.fromMillis(ms, {
            zone:
              offsetMinutes === 0
                ? 'utc'
                : `UTC${offsetMinutes > 0 ? '+' : '-'}${Math.floor(Math.abs(offsetMinutes) / 60)}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`,
          }).toISO();
          if (!iso) return;
          const luxon = DateTime.fromISO(iso, { zone });
          expect(formatDateTime(iso, locale, zone)).toBe(luxon.toFormat(luxonFormats[locale] ?? ''));
          expect(formatTime(iso, locale, zone)).toBe(luxon.toFormat('HH:mm'));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('station list density', () => {
  it.each([
    ['compact', 'compact'],
    ['full', 'full'],
    [null, 'compact'],
    ['junk', 'compact'],
  ])('reads %s as %s', (stored, density) => {
    expect(parseDensity(stored)).toBe(density);
  });
});
