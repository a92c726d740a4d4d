import { describe, expect, it } from 'vitest';
import {
  chartLinkTsIds,
  compileRemarkFilter,
  filterRemarks,
  historyMarks,
  isInvertedAxis,
  plottedCount,
  remarkText,
  sortPoints,
  type SeriesPoint,
} from './analysis';

describe('inverted parameter axis (§9)', () => {
  it.each([
    ['W', true],
    ['WT', true],
    ['Q', false],
    ['LW', false],
    ['w', false],
    ['', false],
    [undefined, false],
    [null, false],
  ])('%j inverted: %j', (p, expected) => {
    expect(isInvertedAxis(p)).toBe(expected);
  });
});

const pts = (...values: (number | null)[]): SeriesPoint[] =>
  values.map((value, i) => ({ dt: `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`, value }));

describe('history marks of the table', () => {
  it.each([
    ['min, max and last apart', pts(3, 1, 5, 2), { 1: ['min'], 2: ['max'], 3: ['last'] }],
    ['last is also the max', pts(3, 1, 5), { 1: ['min'], 2: ['max', 'last'] }],
    ['a flat series marks every point', pts(2, 2), { 0: ['min', 'max'], 1: ['min', 'max', 'last'] }],
    ['a missing newest value: last is the newest with a value', pts(1, 4, null), { 0: ['min'], 1: ['max', 'last'] }],
    ['no values: no marks', pts(null, null), {}],
  ])('%s', (_name, points, expected) => {
    expect(Object.fromEntries(historyMarks(points))).toEqual(expected);
  });

  it('finds the last by date, not by position', () => {
    const points = [
      { dt: '2026-11-12T00:00:00Z', value: 1 },
      { dt: '2026-11-10T00:00:00Z', value: 2 },
    ];
    expect(historyMarks(points).get(0)).toContain('last');
  });
});

describe('sorting the history table', () => {
  const p = pts(3, null, 1, 2);
  it.each([
    ['dt', 'asc', [3, null, 1, 2]],
    ['dt', 'desc', [2, 1, null, 3]],
    ['value', 'asc', [1, 2, 3, null]],
    ['value', 'desc', [3, 2, 1, null]],
  ] as const)('by %s %s', (key, dir, expected) => {
    expect(sortPoints(p, key, dir).map((x) => x.value)).toEqual(expected);
  });
  it('keeps equal values in date order', () => {
    const same = [
      { dt: 'b', value: 1 },
      { dt: 'a', value: 1 },
      { dt: 'c', value: null },
      { dt: 'd', value: null },
    ];
    expect(sortPoints(same, 'value', 'asc').map((x) => x.dt)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('remark analysis filter (§9 remarkAnalysisFilter)', () => {
  it('compiles the default filter case-insensitively', () => {
    const f = compileRemarkFilter('Datensammler|neu');
    expect(f.ok && f.regex.test('DATENSAMMLER getauscht')).toBe(true);
  });
  it.each(['(', '[a-', '*x', 'a{2,1}'])('reports %j as invalid without throwing', (source) => {
    const f = compileRemarkFilter(source);
    expect(f.ok).toBe(false);
    if (!f.ok) expect(f.error).not.toBe('');
  });
  it('reports a non-Error throw as text', () => {
    const original = globalThis.RegExp;
    globalThis.RegExp = function () {
      throw 'odd';
    } as unknown as RegExpConstructor;
    try {
      expect(compileRemarkFilter('x')).toEqual({ ok: false, error: 'odd' });
    } finally {
      globalThis.RegExp = original;
    }
  });
  it.each([
    [undefined, ''],
    [null, ''],
    ['text', 'text'],
    [{ text: 'obj' }, 'obj'],
    [{ images: ['a'] }, ''],
  ])('remark text of %j is %j', (r, expected) => {
    expect(remarkText(r)).toBe(expected);
  });
  it('keeps matching station and timeseries remarks, newest first', () => {
    const values = [
      { tsId: 'a', dt: '2026-11-01', staRemark: 'Datensammler neu', tsRemark: { text: 'alles ok' } },
      { tsId: 'b', dt: '2026-11-03', tsRemark: { text: 'Sonde neu eingebaut' } },
      { tsId: 'a', dt: '2026-11-02', staRemark: null, tsRemark: 'nichts' },
      { tsId: 'c', dt: '2026-11-03', staRemark: 'neu' },
    ];
    const f = compileRemarkFilter('neu');
    if (!f.ok) throw new Error('valid');
    expect(filterRemarks(values, f.regex)).toEqual([
      { tsId: 'b', dt: '2026-11-03', kind: 'timeseries', text: 'Sonde neu eingebaut' },
      { tsId: 'c', dt: '2026-11-03', kind: 'station', text: 'neu' },
      { tsId: 'a', dt: '2026-11-01', kind: 'station', text: 'Datensammler neu' },
    ]);
  });
});

describe('chart columns', () => {
  it('counts only points with a value and a readable date', () => {
    const points = [
      { dt: '2026-11-02T00:00:00Z', value: 2 },
      { dt: 'nonsense', value: 9 },
      { dt: '2026-11-01T00:00:00Z', value: null },
    ];
    expect(plottedCount(points)).toBe(1);
  });
});

describe('direct chart links (§2 timeseriesChartForStation, tsId repeatable)', () => {
  it.each([
    ['2001-W', '', ['2001-W']],
    ['2001-W/2002-W/', '', ['2001-W', '2002-W']],
    [undefined, '?tsId=a&tsId=b&x=1', ['a', 'b']],
    ['a', '?tsId=a&tsId=c', ['a', 'c']],
    ['a%2Fb/%E0%A4%A', '', ['a/b', '%E0%A4%A']],
    ['', '', []],
  ])('%j %j', (splat, search, expected) => {
    expect(chartLinkTsIds(splat, search)).toEqual(expected);
  });
});
