import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry, MeasureRoundPost } from '../../schemas/api';
import { submissionRefusal } from './submission-rules';

/** The server's submission rules, run in the browser before submit and on the server (400) with the same codes. */
const def = (tsId: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({ tsId, staNumber: '1', staName: 'Nord', tsParameter: 'W', tsUnit: 'cm', ...extra }) as MeasureRoundEntry;
const DEFS = new Map([
  ['W', def('W')],
  ['DX', def('DX', { tsParameter: 'DX', tsUnit: 'nein/unverändert/Ereignis' })],
]);
const NOW = Date.parse('2026-07-15T10:00:00Z');
type Entry = MeasureRoundPost['entries'][number];
const entry = (extra: Record<string, unknown>): Entry =>
  ({ tsId: 'W', staNumber: '1', dt: '2026-07-15T08:00:00+02:00', ...extra }) as Entry;
const post = (entries: Entry[], creationTime = '2026-07-15T06:00:00Z') =>
  ({ creationTime, entries }) as MeasureRoundPost;

describe('submissionRefusal', () => {
  it.each<[string, MeasureRoundPost, { code: string; field: string; params?: object } | undefined]>([
    ['a good post', post([entry({ value: 1 }), entry({ tsId: 'DX', value: 2 })]), undefined],
    ['a code the series allows', post([entry({ tsId: 'DX', value: 0 })]), undefined],
    [
      'a code it does not allow',
      post([entry({ tsId: 'DX', value: 5 })]),
      { code: 'value-not-allowed', field: 'entries.0.value', params: { value: 5, allowed: '0, 1, 2', tsId: 'DX' } },
    ],
    [
      'a second reading not allowed',
      post([entry({ tsId: 'DX', value: 1, valueAfter: { dt: '2026-07-15T08:01:00+02:00', value: 7 } })]),
      { code: 'value-not-allowed', field: 'entries.0.valueAfter.value' },
    ],
    [
      'two values of one series at one time (other offsets, same instant)',
      post([entry({ value: 1 }), entry({ value: 2, dt: '2026-07-15T06:00:00Z' })]),
      { code: 'duplicate-time', field: 'entries.1.dt', params: { tsId: 'W', dt: '2026-07-15T06:00:00Z' } },
    ],
    ['the same time in two series', post([entry({ value: 1 }), entry({ tsId: 'DX', value: 1 })]), undefined],
    [
      'a date more than a day ahead',
      post([entry({ value: 1, dt: '2026-07-16T12:00:00Z' })]),
      { code: 'date-in-future', field: 'entries.0.dt', params: { value: '2026-07-16T12:00:00Z', tsId: 'W' } },
    ],
    [
      'a date less than a day ahead (a clock a little fast)',
      post([entry({ value: 1, dt: '2026-07-16T09:00:00Z' })]),
      undefined,
    ],
    [
      'a date before 1900',
      post([entry({ value: 1, dt: '1899-12-31T08:00:00Z' })]),
      { code: 'date-too-early', field: 'entries.0.dt' },
    ],
    [
      'a creation time in the future',
      post([entry({ value: 1 })], '2026-07-20T00:00:00Z'),
      { code: 'date-in-future', field: 'creationTime' },
    ],
    [
      'a series not of the round',
      post([entry({ tsId: 'Q', value: 1 })]),
      { code: 'not-of-round', field: 'entries.0.tsId', params: { tsId: 'Q' } },
    ],
    [
      'another station',
      post([entry({ staNumber: '2', value: 1 })]),
      { code: 'not-of-round', field: 'entries.0.staNumber' },
    ],
  ])('%s', (_name, p, expected) => {
    const refusal = submissionRefusal(p, DEFS, '7', NOW);
    if (expected === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toMatchObject(expected);
  });
});
