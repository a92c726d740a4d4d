import { describe, expect, it } from 'vitest';
import { instanceToShow, submissionSummary, type InstanceCandidate } from './round-instance';

type Doc = InstanceCandidate & { id: string };
const doc = (id: string, syncState: Doc['syncState'], updatedAt: number, more: Partial<Doc> = {}): Doc => ({
  id,
  syncState,
  updatedAt,
  ...more,
});

describe('instanceToShow: the instance a table of a round and date shows', () => {
  const cases: [string, Doc[], string | null][] = [
    ['none stored: a new round', [], null],
    ['the open one', [doc('a', 'draft', 1)], 'a'],
    ['the open one before a sent one, however new the sent one', [doc('s', 'sent', 9), doc('a', 'error', 1)], 'a'],
    ['a correction being typed before the round it corrects', [doc('s', 'sent', 5), doc('c', 'correction', 6)], 'c'],
    ['the newest open one', [doc('a', 'draft', 1), doc('b', 'queued', 2)], 'b'],
    [
      'only sent ones: the latest sent',
      [doc('s1', 'sent', 9, { sentAt: 3 }), doc('s2', 'sent', 4, { sentAt: 4 })],
      's2',
    ],
    ['a sent one without sentAt counts by its last change', [doc('s1', 'sent', 2), doc('s2', 'sent', 1)], 's1'],
    ["another user's round is theirs", [doc('o', 'draft', 5, { owner: 'olga' }), doc('s', 'sent', 1)], 's'],
    ['one without owner is everyone’s', [doc('x', 'sent', 1, { owner: '' })], 'x'],
  ];
  it.each(cases)('%s', (_name, docs, expected) => {
    expect(instanceToShow(docs, 'anna')?.id ?? null).toBe(expected);
  });
});

describe('submissionSummary: the line about what was sent', () => {
  it.each([
    ['a draft: nothing sent yet', { syncState: 'draft', updatedAt: 1 }, 0, null],
    [
      'values on their way: the submit bar tells it',
      { syncState: 'values-stored', updatedAt: 1, valueCount: 2 },
      0,
      null,
    ],
    [
      'sent: when, how many values and photos',
      { syncState: 'sent', updatedAt: 9, sentAt: 5, valueCount: 3 },
      2,
      { kind: 'sent', at: 5, values: 3, photos: 2 },
    ],
    [
      'sent by an older version without sentAt: its last change',
      { syncState: 'sent', updatedAt: 9 },
      0,
      { kind: 'sent', at: 9, values: 0, photos: 0 },
    ],
    [
      'a correction being typed names the correction waiting',
      { syncState: 'correction', updatedAt: 9, corrects: 'x', valuesStoredAt: 4 },
      1,
      { kind: 'correction-waiting', at: 4 },
    ],
    [
      'a correction that failed still waits',
      { syncState: 'error', updatedAt: 9, corrects: 'x' },
      0,
      { kind: 'correction-waiting', at: undefined },
    ],
  ] as const)('%s', (_name, instance, photos, expected) => {
    expect(submissionSummary(instance, photos)).toEqual(expected);
  });
});
