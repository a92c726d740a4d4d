import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { countPostValues } from './submission';

describe('canonicalJson: one canonical form for comparing by content', () => {
  it.each<[string, unknown, unknown, boolean, boolean]>([
    // [case, a, b, equal as posted, equal with null as absent]
    ['key order', { a: 1, b: { y: 2, x: 1 } }, { b: { x: 1, y: 2 }, a: 1 }, true, true],
    ['array order matters', [1, 2], [2, 1], false, false],
    ['a null field', { a: 1, b: null }, { a: 1 }, false, true],
    ['an undefined field', { a: 1, b: undefined }, { a: 1 }, true, true],
    ['a different value', { a: 1 }, { a: 2 }, false, false],
    ['nested in arrays', [{ b: 1, a: 2 }], [{ a: 2, b: 1 }], true, true],
  ])('%s', (_name, a, b, posted, stored) => {
    expect(canonicalJson(a) === canonicalJson(b)).toBe(posted);
    expect(canonicalJson(a, { nullIsAbsent: true }) === canonicalJson(b, { nullIsAbsent: true })).toBe(stored);
  });
});

describe('countPostValues: the values a post carries', () => {
  it.each<[string, Parameters<typeof countPostValues>[0]['entries'], number]>([
    ['none', [], 0],
    ['a value', [{ value: 1 }], 1],
    ['zero is a value', [{ value: 0 }], 1],
    ['a remark only', [{}], 0],
    ['a value and its second reading', [{ value: 1, valueAfter: { value: 2 } }], 2],
    ['null is none', [{ value: null, valueAfter: null }], 0],
    ['several entries', [{ value: 1 }, {}, { value: 3, valueAfter: { value: 4 } }], 3],
  ])('%s → %i', (_name, entries, n) => expect(countPostValues({ entries })).toBe(n));
});
