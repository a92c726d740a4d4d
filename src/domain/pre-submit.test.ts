import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDate, combineDateAndTime } from './dates';
import { DEFAULT_ZONE, shiftIsoDate, todayIn } from './zoned-time';
import type { MeasureRoundEntry } from '../../schemas/api';
import {
  checkRoundDate,
  implausibleReasons,
  incompleteStations,
  isUnassessedIncident,
  planTimeOverwrite,
  preSubmitFindings,
  submissionPlan,
  validatePost,
  type PreSubmitFindings,
} from '.';

const entry = (over: object = {}): MeasureRoundEntry =>
  ({
    staName: 'Pegel Nord',
    staNumber: '1001',
    staOrdinal: 1,
    tsId: '1001-W',
    tsParameter: 'W',
    tsUnit: 'cm',
    ...over,
  }) as MeasureRoundEntry;
// 23 Nov 2026, 15:00 in Vienna
const now = new Date('2026-11-23T14:00:00Z');
const dt = '2026-11-23T12:00:00.000+01:00';

describe('date check of the round (§5)', () => {
  it.each([
    ['2026-11-23', undefined],
    ['2026-11-24', { kind: 'future' }],
    ['2027-01-15', { kind: 'future' }],
    ['2026-11-13', undefined],
    ['2026-11-12', { kind: 'past', days: 11 }],
    ['2026-11-01', { kind: 'past', days: 22 }],
    ['23.11.2026', undefined],
  ])('round date %s gives %j', (date, expected) => {
    expect(checkRoundDate(date, now)).toEqual(expected);
  });

  // the last nine days skip the calendar arithmetic (a phone's first table render): the same verdict as the full
  // check, at any moment of the year (summer time included) and for any date around it
  it("gives the full check's verdict for any date around any moment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }),
        fc.integer({ min: -15, max: 3 }),
        (ms, days) => {
          const at = new Date(ms);
          const date = shiftIsoDate(todayIn(DEFAULT_ZONE, at), days);
          const start = combineDateAndTime(date, '00:00');
          expect(checkRoundDate(date, at)).toEqual(start ? checkDate(start, at) : undefined);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('implausible values (§5)', () => {
  const range = { tsPlausibilityCheck: { min: 0, max: 1704 } };
  it.each([
    ['inside the range', entry({ ...range, value: 1600, dt }), []],
    ['above max', entry({ ...range, value: 1750, dt }), [{ kind: 'range', min: 0, max: 1704, deviation: 46 }]],
    ['below min 0', entry({ ...range, value: -5, dt }), [{ kind: 'range', min: 0, max: 1704, deviation: -5 }]],
    ['1e99', entry({ ...range, value: 1e99, dt }), [{ kind: 'range', min: 0, max: 1704, deviation: 1e99 - 1704 }]],
    ['no value', entry({ ...range, dt }), []],
    ['timed in the future', entry({ value: 3, dt: '2026-11-23T18:00:00.000+01:00' }), [{ kind: 'future' }]],
    ['a week ago is not reported per value', entry({ value: 3, dt: '2026-11-01T12:00:00.000+01:00' }), []],
    [
      'last value was outside the range',
      entry({ ...range, value: 10, dt, last: { dt, value: 1800 } }),
      [{ kind: 'previousOutsideRange', value: 1800, min: 0, max: 1704 }],
    ],
    ['last value inside the range', entry({ ...range, value: 10, dt, last: { dt, value: 1500 } }), []],
    [
      "last value inside today's range but outside the one in force when it was taken",
      entry({
        ...range,
        tsPlausibilityHistory: [{ to: '2026-11-01T00:00:00Z', min: 0, max: 1200 }],
        value: 10,
        dt,
        last: { dt: '2026-10-20T12:00:00.000+02:00', value: 1500 },
      }),
      [{ kind: 'previousOutsideRange', value: 1500, min: 0, max: 1200 }],
    ],
    [
      "last value outside today's range but inside the one in force when it was taken",
      entry({
        ...range,
        tsPlausibilityHistory: [{ to: '2026-11-01T00:00:00Z', min: 0, max: 2000 }],
        value: 10,
        dt,
        last: { dt: '2026-10-20T12:00:00.000+02:00', value: 1800 },
      }),
      [],
    ],
    ['no date', entry({ ...range, value: 1750 }), [{ kind: 'range', min: 0, max: 1704, deviation: 46 }]],
    [
      'yes/no is never implausible',
      entry({ tsUnit: 'nein/ja', value: 7, dt, tsPlausibilityCheck: { min: 0, max: 1 } }),
      [],
    ],
    ['an incident is not a range problem', entry({ tsUnit: 'nein/unverändert/Ereignis', value: 2, dt }), []],
    [
      'inside the range but far below the history (a unit slip)',
      entry({ ...range, value: 12.5, dt, min: 977, max: 1201 }),
      [{ kind: 'unusual', min: 977, max: 1201, reason: 'spread' }],
    ],
    ['inside the range and the history', entry({ ...range, value: 1100, dt, min: 977, max: 1201 }), []],
  ])('%s', (_name, e, expected) => {
    expect(implausibleReasons(e, now)).toEqual(expected);
  });
});

describe('unassessed incidents (§8)', () => {
  const incident = { tsUnit: 'nein/unverändert/Ereignis', value: 2 };
  it.each([
    ['incident without remark', entry(incident), true],
    ['incident with blank remark', entry({ ...incident, tsRemark: { text: '  ' } }), true],
    ['incident with remark', entry({ ...incident, tsRemark: { text: 'Riss an der Mauer' } }), false],
    ['incident with a photo', entry({ ...incident, tsRemark: { images: ['img-1'] } }), false],
    ['unchanged', entry({ ...incident, value: 1 }), false],
    ['code 2 on a number entry', entry({ value: 2 }), false],
  ])('%s → %s', (_name, e, expected) => {
    expect(isUnassessedIncident(e)).toBe(expected);
  });
});

describe('incomplete tour (§4, §8)', () => {
  it('lists obligatory stations with no filled entry and no task done', () => {
    const entries = [
      entry({ staNumber: '1', staName: 'A', tsId: '1-W', value: 3 }),
      entry({ staNumber: '2', staName: 'B', tsId: '2-W' }),
      entry({ staNumber: '2', staName: 'B', tsId: '2-T', tsRemark: { text: '' } }),
      entry({
        staNumber: '3',
        staName: 'C',
        tsId: '3-W',
        staTasks: [{ taskId: 't', taskType: 'Wartung', staNumber: '3', taskDone: true }],
      }),
      entry({ staNumber: '4', staName: 'D', tsId: '4-W', staOrdinal: undefined }),
      entry({ staNumber: '5', staName: 'E', tsId: '5-W', tsRemark: { text: 'nicht zugänglich' } }),
    ];
    expect(incompleteStations(entries)).toEqual([{ staNumber: '2', staName: 'B' }]);
  });
});

describe('what blocks and what asks before a submission', () => {
  const none: PreSubmitFindings = {
    implausible: [],
    unassessedIncidents: [],
    incompleteStations: [],
    emptyStations: [],
  };
  const value = { entry: entry(), value: 1, reasons: [{ kind: 'future' as const }] };
  it.each([
    ['nothing to ask', none, { blocked: false, steps: [] }],
    ['future date blocks', { ...none, roundDate: { kind: 'future' as const } }, { blocked: true, steps: [] }],
    [
      'past date is confirmed with the values',
      { ...none, roundDate: { kind: 'past' as const, days: 22 } },
      { blocked: false, steps: ['implausible'] },
    ],
    [
      'a station without entries blocks',
      { ...none, emptyStations: [{ kind: 'noEntries' as const, staNumber: '9' }] },
      { blocked: true, steps: [] },
    ],
    [
      'every prompt in order',
      {
        ...none,
        implausible: [value],
        unassessedIncidents: [entry()],
        incompleteStations: [{ staNumber: '1', staName: 'A' }],
      },
      { blocked: false, steps: ['implausible', 'incidents', 'incompleteTour'] },
    ],
  ])('%s', (_name, findings, expected) => {
    expect(submissionPlan(findings)).toEqual(expected);
  });

  it('collects the findings of a round', () => {
    const entries = [
      entry({ value: 1750, dt, tsPlausibilityCheck: { min: 0, max: 1704 } }),
      entry({ staNumber: '2', tsId: '2-ZU', tsUnit: 'nein/unverändert/Ereignis', value: 2, dt }),
      entry({ staNumber: '3', tsId: '3-W' }),
    ];
    const f = preSubmitFindings(entries, { date: '2026-11-01', now, stations: [{ staNumber: '4', entries: [] }] });
    expect(f.roundDate).toEqual({ kind: 'past', days: 22 });
    expect(f.implausible.map((x) => [x.entry.tsId, x.value])).toEqual([['1001-W', 1750]]);
    expect(f.unassessedIncidents.map((e) => e.tsId)).toEqual(['2-ZU']);
    expect(f.incompleteStations.map((s) => s.staNumber)).toEqual(['3']);
    expect(f.emptyStations).toEqual([{ kind: 'noEntries', staNumber: '4' }]);
    expect(preSubmitFindings([], { date: '2026-11-23', now }).emptyStations).toEqual([]);
  });
});

describe('post validation before sending (§5)', () => {
  const post = {
    $type: 'MeasureRoundPost',
    instanceId: '7b0c3a64-2f55-4a8e-9d5e-1d2a3b4c5d6e',
    creationTime: dt,
    entries: [{ staNumber: '1', tsId: '1-W', dt, value: 3 }],
  };
  it.each([
    ['a valid post', post, []],
    [
      'team too long',
      { ...post, mrTeam: 'x'.repeat(201) },
      [{ path: 'mrTeam', message: 'mrTeam is longer than 200 characters' }],
    ],
    [
      'infinite value',
      { ...post, entries: [{ ...post.entries[0], value: Number.POSITIVE_INFINITY }] },
      [{ path: 'entries.0.value', message: 'value must be a finite number' }],
    ],
    [
      'bad date',
      { ...post, entries: [{ ...post.entries[0], dt: '23.11.2026' }] },
      [{ path: 'entries.0.dt', message: 'must be an ISO date-time with offset' }],
    ],
  ])('%s', (_name, body, expected) => {
    expect(validatePost(body)).toEqual(expected);
  });
});

describe('overwrite the time of every entry (§5)', () => {
  const entries = [
    { tsId: 'a', time: '12:00' },
    { tsId: 'b', time: '07:45' },
    { tsId: 'c', time: undefined },
  ];
  it.each([
    [
      '0745',
      {
        kind: 'done',
        changes: [
          { tsId: 'a', time: '07:45' },
          { tsId: 'c', time: '07:45' },
        ],
        skipped: 1,
      },
    ],
    [
      '7.45',
      {
        kind: 'done',
        changes: [
          { tsId: 'a', time: '07:45' },
          { tsId: 'c', time: '07:45' },
        ],
        skipped: 1,
      },
    ],
    [
      '13:05',
      {
        kind: 'done',
        changes: [
          { tsId: 'a', time: '13:05' },
          { tsId: 'b', time: '13:05' },
          { tsId: 'c', time: '13:05' },
        ],
        skipped: 0,
      },
    ],
    ['', { kind: 'done', changes: [], skipped: 3 }],
    ['  ', { kind: 'done', changes: [], skipped: 3 }],
    ['25:00', { kind: 'invalid' }],
    ['abc', { kind: 'invalid' }],
  ])('typed %j', (typed, expected) => {
    expect(planTimeOverwrite(entries, '2026-11-23', typed)).toEqual(expected);
  });
  it('reports an invalid round date', () => {
    expect(planTimeOverwrite(entries, 'not-a-date', '07:45')).toEqual({ kind: 'invalid' });
  });
});
