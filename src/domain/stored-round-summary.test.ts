import { describe, expect, it } from 'vitest';
import { levelEntry } from '../../test/unit/fixtures';
import { summarizeStoredRound } from './stored-round-summary';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const entry = (ts: string, sta: string, extra: Record<string, unknown> = {}) => ({
  ...levelEntry(ts, sta, 'S'),
  ...extra,
});
const last = { dt: '2026-11-22T06:00:00Z', value: 1 };

describe('summarizeStoredRound: what the list of stored rounds shows of one', () => {
  it.each([
    ['no entries', [], { entryCount: 0, entriesWithHistory: 0, points: [] }],
    ['an entry without history or location', [entry('a', '1')], { entryCount: 1, entriesWithHistory: 0, points: [] }],
    ['a last value is history', [entry('a', '1', { last })], { entryCount: 1, entriesWithHistory: 1, points: [] }],
    ['a range is history', [entry('a', '1', { min: 0 })], { entryCount: 1, entriesWithHistory: 1, points: [] }],
    [
      'station remarks are history, an empty list is not',
      [entry('a', '1', { staRemarks: [{ text: 'trüb' }] }), entry('b', '2', { staRemarks: [] })],
      { entryCount: 2, entriesWithHistory: 1, points: [] },
    ],
    [
      "one point per station: its first located entry's",
      [
        entry('a', '1', { staLocation: at(46.5, 11.3) }),
        entry('b', '1', { staLocation: at(47, 12) }),
        entry('c', '2', { staLocation: at(46.6, 11.4) }),
      ],
      { entryCount: 3, entriesWithHistory: 0, points: [at(46.5, 11.3), at(46.6, 11.4)] },
    ],
    [
      'a location from the metadata when the entry has none of its own',
      [entry('a', '1', { staMetadata: { latitude: '46,5', longitude: '11,3' } })],
      { entryCount: 1, entriesWithHistory: 0, points: [at(46.5, 11.3)] },
    ],
    [
      'metadata that is no location gives no point',
      [entry('a', '1', { staMetadata: { latitude: 'north', longitude: '11' } })],
      { entryCount: 1, entriesWithHistory: 0, points: [] },
    ],
  ])('%s', (_, entries, expected) => {
    expect(summarizeStoredRound(entries)).toEqual(expected);
  });
});
