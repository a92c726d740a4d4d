import { describe, expect, it } from 'vitest';
import type { PlausibilityPeriod } from '../../schemas/api';
import { rangeInForceAt } from './historic';

const today = { min: 0, max: 100 };
// the range was 0 … 50 until 1 Oct 2026 (Vienna midnight), 10 … 80 from then until 1 Nov, 0 … 100 since
const history: PlausibilityPeriod[] = [
  { to: '2026-09-30T22:00:00Z', min: 0, max: 50 },
  { from: '2026-09-30T22:00:00Z', to: '2026-10-31T23:00:00Z', min: 10, max: 80 },
];

describe('the plausibility range in force when a value was taken (§5 "the range that applied then")', () => {
  it.each([
    ['long before the first change', '2025-01-01T12:00:00.000+01:00', history, { min: 0, max: 50 }],
    ['the last minute of the first period', '2026-09-30T23:59:00.000+02:00', history, { min: 0, max: 50 }],
    [
      'the first minute of the second period (from is inclusive)',
      '2026-10-01T00:00:00.000+02:00',
      history,
      { min: 10, max: 80 },
    ],
    ['inside the second period', '2026-10-20T12:00:00.000+02:00', history, { min: 10, max: 80 }],
    ["the end of the last period is today's range (to is exclusive)", '2026-11-01T00:00:00.000+01:00', history, today],
    ["after every period: today's range", '2026-11-20T12:00:00.000+01:00', history, today],
    ["no history (spec-only or vendor server): today's range", '2025-01-01T12:00:00.000+01:00', undefined, today],
    ["an empty history: today's range", '2025-01-01T12:00:00.000+01:00', [], today],
    ["a time that cannot be read: today's range", 'yesterday', history, today],
    ['a period with an unreadable bound is skipped', '2025-01-01T12:00:00Z', [{ from: 'x', min: 1, max: 2 }], today],
    [
      'a one-sided period (only max)',
      '2020-01-01T00:00:00Z',
      [{ to: '2021-01-01T00:00:00Z', max: 7 }],
      { min: undefined, max: 7 },
    ],
  ])('%s', (_name, dt, tsPlausibilityHistory, expected) => {
    expect(rangeInForceAt({ tsPlausibilityCheck: today, tsPlausibilityHistory }, dt)).toEqual(expected);
  });

  it("without today's range nor history there is no range", () => {
    expect(rangeInForceAt({}, '2026-10-20T12:00:00Z')).toBeUndefined();
  });
});
