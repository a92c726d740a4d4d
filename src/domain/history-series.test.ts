import { describe, expect, it } from 'vitest';
import type { HistoricValue } from '../../schemas/api';

type HistoricPoint = Omit<HistoricValue, 'tsId'>;
import { compareDt, mergeSeries } from './history-series';

const p = (day: number, value: number | null = day, extra: Partial<HistoricPoint> = {}): HistoricPoint => ({
  dt: `2026-11-${String(day).padStart(2, '0')}T07:00:00.000Z`,
  value,
  instanceId: null,
  ...extra,
});
const from = (day: number) => `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`;

describe('mergeSeries', () => {
  it.each([
    {
      name: 'first pull: all pulled values, oldest first',
      stored: [],
      pulled: [p(3), p(1), p(2)],
      from: undefined,
      values: [p(1), p(2), p(3)],
      written: 3,
    },
    {
      name: 'nothing changed (full pull)',
      stored: [p(1), p(2)],
      pulled: [p(1), p(2)],
      from: undefined,
      values: [p(1), p(2)],
      written: 0,
    },
    {
      name: 'nothing changed (incremental): older values stay',
      stored: [p(1), p(2), p(3)],
      pulled: [p(3)],
      from: from(3),
      values: [p(1), p(2), p(3)],
      written: 0,
    },
    {
      name: 'a new value in the window',
      stored: [p(1), p(2)],
      pulled: [p(2), p(3)],
      from: from(2),
      values: [p(1), p(2), p(3)],
      written: 1,
    },
    {
      name: 'a re-pulled dt replaces the stored value',
      stored: [p(1), p(2)],
      pulled: [p(2, 9)],
      from: from(2),
      values: [p(1), p(2, 9)],
      written: 1,
    },
    {
      name: 'a value deleted on the server inside the window goes',
      stored: [p(1), p(2), p(3)],
      pulled: [p(3)],
      from: from(2),
      values: [p(1), p(3)],
      written: 1,
    },
    {
      name: 'a full pull makes the series what the server returned',
      stored: [p(1), p(2), p(3)],
      pulled: [p(2)],
      from: undefined,
      values: [p(2)],
      written: 2,
    },
    { name: 'everything deleted', stored: [p(1)], pulled: [], from: undefined, values: [], written: 1 },
    {
      name: 'a remark changed',
      stored: [p(1, 1, { tsRemark: 'a' })],
      pulled: [p(1, 1, { tsRemark: 'b' })],
      from: undefined,
      values: [p(1, 1, { tsRemark: 'b' })],
      written: 1,
    },
    // IndexedDB gives back what was stored; a missing field and null mean the same, key order does not matter
    {
      name: 'null and missing fields alike, remark keys in any order',
      stored: [{ dt: p(1).dt, value: 1, staRemark: { text: 'x', images: ['i'] } }],
      pulled: [{ ...p(1), staRemark: { images: ['i'], text: 'x' }, tsRemark: null }],
      from: undefined,
      values: [{ ...p(1), staRemark: { images: ['i'], text: 'x' }, tsRemark: null }],
      written: 0,
    },
    {
      name: 'the same instant in another offset is the same value',
      stored: [{ ...p(1), dt: '2026-11-01T08:00:00.000+01:00' }],
      pulled: [p(1)],
      from: undefined,
      values: [p(1)],
      written: 1,
    },
  ])('$name', ({ stored, pulled, from: f, values, written }) => {
    expect(mergeSeries(stored, pulled, f)).toEqual({ values, written });
  });
});

describe('compareDt', () => {
  it.each([
    { a: '2026-11-01T07:00:00.000Z', b: '2026-11-02T07:00:00.000Z', sign: -1 },
    { a: '2026-11-02T07:00:00.000Z', b: '2026-11-01T07:00:00.000Z', sign: 1 },
    { a: '2026-11-01T07:00:00.000Z', b: '2026-11-01T07:00:00.000Z', sign: 0 },
    // one instant, two spellings: ordered by text so the order is stable
    { a: '2026-11-01T08:00:00.000+01:00', b: '2026-11-01T07:00:00.000Z', sign: 1 },
    { a: 'garbage', b: '2026-11-01T07:00:00.000Z', sign: 1 },
    { a: '2026-11-01T07:00:00.000Z', b: 'garbage', sign: -1 },
  ])('$a vs $b', ({ a, b, sign }) => {
    expect(Math.sign(compareDt(a, b))).toBe(sign);
  });
});
