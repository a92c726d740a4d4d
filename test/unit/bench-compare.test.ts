import { describe, expect, it } from 'vitest';
import { compareRuns, formatChange } from '../../bench/compare';
import type { Result } from '../../bench/report';

const fig = (metric: string, median: number, unit = 'ms', budget?: string): Result => ({
  metric,
  profile: 'normal',
  median,
  min: median,
  max: median,
  n: 5,
  unit,
  ...(budget ? { budget } : {}),
});

describe('npm run bench flags a figure more than 25 % worse than the last recorded run', () => {
  it.each([
    ['a time 20 % slower', fig('t', 100), fig('t', 120), false, '+20 %'],
    ['a time 30 % slower', fig('t', 100), fig('t', 130), true, '+30 %'],
    ['a time faster', fig('t', 100), fig('t', 50), false, '−50 %'],
    ['a tiny time doubled by noise (< 5 ms)', fig('t', 2), fig('t', 4), false, '+100 %'],
    ['errors from 0 to 1', fig('e', 0, 'errors'), fig('e', 1, 'errors'), true, 'new failure'],
    ['errors staying 0', fig('e', 0, 'errors'), fig('e', 0, 'errors'), false, '±0 %'],
    ['a score down from 95 to 70', fig('s', 95, 'score', '≥ 95'), fig('s', 70, 'score', '≥ 95'), true, '+36 %'],
    ['a score up from 70 to 95', fig('s', 70, 'score', '≥ 95'), fig('s', 95, 'score', '≥ 95'), false, '−26 %'],
    ['a layout shift from 0.05 to 0.2', fig('c', 0.05, 'CLS'), fig('c', 0.2, 'CLS'), true, '+300 %'],
  ])('%s', (_name, previous, current, regressed, change) => {
    const [c] = compareRuns([previous], [current]);
    expect(c?.regressed).toBe(regressed);
    expect(c && formatChange(c)).toBe(change);
  });

  it('compares only the same metric in the same profile, and skips figures that failed', () => {
    const prev = [fig('t', 100), { ...fig('u', 100), profile: 'cpu4x' as const }, fig('v', Number.NaN)];
    const cur = [fig('t', 200), fig('u', 500), fig('v', 10), fig('new', 1)];
    expect(compareRuns(prev, cur).map((c) => c.metric)).toEqual(['t']);
  });
});
