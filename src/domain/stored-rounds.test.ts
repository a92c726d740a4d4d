import { describe, expect, it } from 'vitest';
import { storedRoundsOn } from './stored-rounds';

const r = (id: string, date: string) => ({ id, date });

describe('storedRoundsOn', () => {
  it.each<[string, { id: string; date: string }[], string, string[], { date: string; count: number }[]]>([
    ['none stored', [], '2026-11-27', [], []],
    ['all on the date', [r('a', '2026-11-27'), r('b', '2026-11-27')], '2026-11-27', ['a', 'b'], []],
    [
      'others counted per date, nearest first, the later of two equally near first',
      [r('a', '2026-11-27'), r('b', '2026-11-20'), r('c', '2026-11-26'), r('d', '2026-11-26'), r('e', '2026-11-28')],
      '2026-11-27',
      ['a'],
      [
        { date: '2026-11-28', count: 1 },
        { date: '2026-11-26', count: 2 },
        { date: '2026-11-20', count: 1 },
      ],
    ],
    ['none on the date', [r('b', '2026-11-20')], '2026-11-27', [], [{ date: '2026-11-20', count: 1 }]],
  ])('%s', (_, rounds, date, onDate, otherDates) => {
    const result = storedRoundsOn(rounds, date);
    expect(result.onDate.map((x) => x.id)).toEqual(onDate);
    expect(result.otherDates).toEqual(otherDates);
  });
});
