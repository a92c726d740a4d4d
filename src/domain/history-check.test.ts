import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import { checkAgainstHistory } from './history-check';

const entry = (history: { min?: number; max?: number }, extra: Partial<MeasureRoundEntry> = {}) =>
  ({
    tsId: '1',
    staNumber: '2007',
    staName: 'P',
    tsParameter: 'Q',
    tsUnit: 'l/min',
    ...history,
    ...extra,
  }) as MeasureRoundEntry;

describe("checkAgainstHistory (a value far outside the station's own history)", () => {
  it.each([
    // [history min, max, value, expected reason]
    [977, 1201, 12.5, 'spread'], // l/s typed into an l/min series: the example
    [977, 1201, 20, 'spread'],
    [977, 1201, 1500, 'spread'], // above max + spread (1425)
    [10, 100, 0.17, 'factor'], // 0.17 × 60 = 10.2 lands in the history: a unit slip the spread rule misses
    [0.5, 40, 0.012, 'factor'], // 0.012 × 1000 = 12: m typed where mm are measured
    [2, 3, 2500, 'spread'],
    [500, 500, 0.5, 'factor'], // a constant history: only a slip factor speaks
    [500, 500, 30_000, 'factor'], // × 60
  ])('history %d … %d: %d is unusual (%s)', (min, max, value, reason) => {
    expect(checkAgainstHistory(entry({ min, max }), value)).toMatchObject({ kind: 'unusual', min, max, reason });
  });

  it.each([
    [977, 1201, 977], // the bounds themselves
    [977, 1201, 1201],
    [977, 1201, 1100],
    [977, 1201, 800], // below min but within one spread (224)
    [977, 1201, 1420],
    [1, 1000, 1500], // 1,500 / 60 = 25 lands in the range, but 1.5 × max is no slip
    [10, 100, 7], // neither far nor a factor away
    [500, 500, 520], // a constant history without a slip factor
    [-5, 5, 14], // no factor rule where the history crosses zero
  ])('history %d … %d: %d is usual', (min, max, value) => {
    expect(checkAgainstHistory(entry({ min, max }), value)).toBeUndefined();
  });

  it('says nothing without a history, for an inverted one, or for a choice', () => {
    expect(checkAgainstHistory(entry({}), 12.5)).toBeUndefined();
    expect(checkAgainstHistory(entry({ min: 977 }), 12.5)).toBeUndefined();
    expect(checkAgainstHistory(entry({ min: 1201, max: 977 }), 12.5)).toBeUndefined();
    expect(checkAgainstHistory(entry({ min: 0, max: 1 }, { tsUnit: 'nein/ja' }), 50)).toBeUndefined();
    expect(checkAgainstHistory(entry({ min: 977, max: 1201 }), Number.NaN)).toBeUndefined();
  });
});
