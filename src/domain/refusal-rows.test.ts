import { describe, expect, it } from 'vitest';
import { heldAtTime, heldByDraft, rowHeld } from './refusal-rows';
import type { RowHeld } from './submit-refusal';

describe('what a row holds for a refusal, from its draft', () => {
  const at = { date: '2026-11-20', defaultTime: '12:00', zone: 'Europe/Vienna' };
  it.each<[string, Parameters<typeof heldByDraft>[0], RowHeld]>([
    [
      'its own time with the round’s date, in the reading zone',
      { text: '7', time: '07:30' },
      { times: ['2026-11-20T07:30:00.000+01:00'], values: { text: '7', valueAfterText: undefined } },
    ],
    [
      'the default time when it has none',
      { text: '3' },
      { times: ['2026-11-20T12:00:00.000+01:00'], values: { text: '3', valueAfterText: undefined } },
    ],
    [
      'a second reading a minute after its value',
      { text: '3', valueAfterText: '4', time: '08:00' },
      {
        times: ['2026-11-20T08:00:00.000+01:00', '2026-11-20T08:01:00.000+01:00'],
        values: { text: '3', valueAfterText: '4' },
      },
    ],
    [
      'no second reading without a value (it is not posted)',
      { text: '', valueAfterText: '4', time: '08:00' },
      { times: ['2026-11-20T08:00:00.000+01:00'], values: { text: '', valueAfterText: '4' } },
    ],
    [
      'no time when the user cleared it',
      { text: '3', time: '' },
      { times: [], values: { text: '3', valueAfterText: undefined } },
    ],
    [
      'no draft: the default time, no values',
      undefined,
      { times: ['2026-11-20T12:00:00.000+01:00'], values: { text: undefined, valueAfterText: undefined } },
    ],
  ])('%s', (_name, draft, expected) => {
    expect(heldByDraft(draft, at)).toEqual(expected);
  });

  it('a time field, whose values are not known, may hold the second reading’s date too', () => {
    expect(heldAtTime('2026-11-20', '12:00', 'Etc/GMT-1')).toEqual({
      times: ['2026-11-20T12:00:00.000+01:00', '2026-11-20T12:01:00.000+01:00'],
    });
    expect(heldAtTime('2026-11-20', undefined)).toEqual({ times: [] });
    expect(rowHeld(undefined, { text: '3' })).toEqual({ times: [], values: { text: '3' } });
  });
});
