import { describe, expect, it } from 'vitest';
import { copiesOf, copyNumber, copyTsId, nextCopyNumber, originalTsId } from './station-copies';

describe('station copies (§5): the ids of a station read again', () => {
  it.each([
    ['2001-W', 1, '2001-W#1'],
    ['2001-W', 12, '2001-W#12'],
  ])('copy %s number %i has the id %s', (tsId, n, id) => {
    expect(copyTsId(tsId, n)).toBe(id);
    expect(copyNumber(id, tsId)).toBe(n);
    expect(originalTsId(id)).toBe(tsId);
  });

  it.each([
    // [draft tsId, copyOf, copy number, original series]
    ['2001-W', '2001-W', undefined, '2001-W'],
    ['2001-W#0', '2001-W', undefined, '2001-W#0'],
    ['2001-W#-1', '2001-W', undefined, '2001-W#-1'],
    ['2001-W#1.5', '2001-W', undefined, '2001-W#1.5'],
    ['2001-W#', '2001-W', undefined, '2001-W#'],
    ['2001-W#x', '2001-W', undefined, '2001-W#x'],
    ['2001-Q#2', '2001-W', undefined, '2001-Q'],
    ['#3', '', undefined, '#3'],
    // a series whose own id holds the separator: the copy number is what follows the last one
    ['A#B#4', 'A#B', 4, 'A#B'],
    ['A#B', 'A#B', undefined, 'A#B'],
  ])('%s (copy of %s): number %s, series %s', (tsId, copyOf, n, original) => {
    expect(copyNumber(tsId, copyOf)).toBe(n);
    expect(originalTsId(tsId)).toBe(original);
  });

  it('lists the copies among the drafts by number and finds the next free number per station', () => {
    const drafts = [
      { tsId: '2001-W' },
      { tsId: '2001-W#2', copyOf: '2001-W' },
      { tsId: '2001-Q#1', copyOf: '2001-Q' },
      { tsId: '2001-W#1', copyOf: '2001-W' },
      { tsId: '2002-W#x', copyOf: '2002-W' },
    ];
    expect(copiesOf(drafts)).toEqual([
      { tsId: '2001-Q#1', copyOf: '2001-Q', n: 1 },
      { tsId: '2001-W#1', copyOf: '2001-W', n: 1 },
      { tsId: '2001-W#2', copyOf: '2001-W', n: 2 },
    ]);
    expect(nextCopyNumber(['2001-W', '2001-Q'], copiesOf(drafts))).toBe(3);
    expect(nextCopyNumber(['2002-W'], copiesOf(drafts))).toBe(1);
  });
});
