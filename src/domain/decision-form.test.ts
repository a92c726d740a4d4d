import { describe, expect, it } from 'vitest';
import type { CompletedEntry } from '../../schemas/api';
import { archiveImagesShown, filterArchive, parseInstanceIds, submissionDay } from './archive-filter';
import { parseArchiveFilter } from './archive-search';
import {
  archiveState,
  buildDecisionPost,
  decisionOptions,
  dueEntries,
  holdsDecision,
  mayDecide,
  openStage,
} from './decision-form';

const INCIDENT_UNIT = 'nein/unverändert/Ereignis';
const entry = (tsId: string, value: number, over: Partial<CompletedEntry> = {}) =>
  ({
    tsId,
    staName: 's',
    staNumber: '1',
    tsParameter: 'ZU',
    tsUnit: INCIDENT_UNIT,
    tsPlausibilityCheck: { min: 0, max: 10 },
    value,
    ...over,
  }) as unknown as CompletedEntry;

describe('archive state (§4 lifecycle)', () => {
  it.each([
    [
      { completionTime: '2026-01-01T00:00:00Z', decision1Time: '2026-01-01T00:00:00Z', userDecision1Required: true },
      'completed',
      undefined,
    ],
    [{ decision1Time: '2026-01-01T00:00:00Z', userDecision1Required: true }, 'awaitingDecision2', 2],
    [{ userDecision1Required: true }, 'awaitingDecision1', 1],
    [{ userDecision1Required: false }, 'submitted', undefined],
  ] as const)('%o is %s', (round, state, stage) => {
    expect(archiveState(round)).toBe(state);
    expect(openStage(round)).toBe(stage);
  });
});

describe('decisions due per stage', () => {
  const entries = [
    entry('1-ZU', 2),
    entry('2-ZU', 0),
    entry('3-VB1', 2, { decision1Value: 'FURTHER_ASSESSMENT' }),
    entry('4-ZU', 2, { decision1Value: 'NOT_RELEVANT' }),
  ];
  it('asks the first decider about every incident', () => {
    expect(dueEntries(entries, 1).map((e) => e.tsId)).toEqual(['1-ZU', '3-VB1', '4-ZU']);
  });
  it('asks the second decider only about escalated entries', () => {
    expect(dueEntries(entries, 2).map((e) => e.tsId)).toEqual(['3-VB1']);
  });
  it.each([
    ['1-ZU', 1, ['NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT']],
    ['3-VB12', 1, ['NOT_CRITICAL', 'FURTHER_ASSESSMENT']],
    ['3-VB12', 2, ['ACTION_REQUIRED', 'NOT_SAFETY_RELEVANT']],
  ] as const)('offers %s at stage %i: %o', (tsId, stage, options) => {
    expect(decisionOptions(tsId, stage)).toEqual(options);
  });
  it.each([
    [{ '7': ['HWE_RESPONSIBLE1'] }, 1, true],
    [{ '7': ['HWE_RESPONSIBLE1'] }, 2, false],
    [{ '7': ['HWE_OBSERVE'] }, 1, false],
    [{ '7': ['HWE_RESPONSIBLE2'] }, 2, true],
    [{ '8': ['HWE_RESPONSIBLE1'] }, 1, false],
    [{}, 1, false],
    // a server without the roles extension: offered, the server decides
    [undefined, 1, true],
    [undefined, 2, true],
  ] as const)('roles by round %o may decide stage %i of round 7: %s', (roles, stage, may) => {
    expect(mayDecide(roles, '7', 'HWE', stage)).toBe(may);
  });
});

describe('the decision post', () => {
  const entries = [entry('1-ZU', 2), entry('3-VB1', 2), entry('5-ZU', 0)];
  it('sends a value per due entry with its trimmed remark, and the team', () => {
    const result = buildDecisionPost(entries, 1, ' Dam keeper ', [
      { tsId: '1-ZU', value: 'FIX_IMMEDIATELY', remark: '  crack  ' },
      { tsId: '3-VB1', value: 'NOT_CRITICAL', remark: ' ' },
    ]);
    expect(result).toEqual({
      post: {
        stage: 1,
        team: 'Dam keeper',
        decisions: [
          { tsId: '1-ZU', value: 'FIX_IMMEDIATELY', remark: 'crack' },
          { tsId: '3-VB1', value: 'NOT_CRITICAL' },
        ],
      },
    });
  });
  it('names the missing team, a missing value and a value the -VB variant does not allow', () => {
    expect(buildDecisionPost(entries, 1, '', [{ tsId: '3-VB1', value: 'NOT_RELEVANT' }])).toEqual({
      problems: [
        { kind: 'team-missing' },
        { kind: 'value-missing', tsId: '1-ZU' },
        { kind: 'value-invalid', tsId: '3-VB1', value: 'NOT_RELEVANT' },
      ],
    });
    expect(buildDecisionPost(entries, 1, undefined, [])).toMatchObject({
      problems: [{ kind: 'team-missing' }, { kind: 'value-missing' }, { kind: 'value-missing' }],
    });
  });
});

// a POST recorded whose answer was lost is answered 409 when sent again: the round says whether it holds it
describe('the round holds a decision as posted', () => {
  const post = {
    stage: 1,
    team: 'Rudi',
    decisions: [
      { tsId: '1-ZU', value: 'FURTHER_ASSESSMENT', remark: 'Pegel prüfen' },
      { tsId: '2-ZU', value: 'NOT_RELEVANT' },
    ],
  } as const;
  const decided = {
    decision1Time: '2026-01-01T10:00:00.000Z',
    decision1Team: 'Rudi',
    entries: [
      entry('1-ZU', 12, { decision1Value: 'FURTHER_ASSESSMENT', decision1Remark: 'Pegel prüfen' }),
      entry('2-ZU', 12, { decision1Value: 'NOT_RELEVANT', decision1Remark: null }),
    ],
  };
  const second = { stage: 2, team: 'Rita', decisions: [{ tsId: '1-ZU', value: 'ACTION_REQUIRED' }] } as const;
  it.each([
    ['as posted', decided, post, true],
    ['stage not recorded', { ...decided, decision1Time: null }, post, false],
    ['another team', { ...decided, decision1Team: 'Rita' }, post, false],
    ['another value', { ...decided, entries: [entry('1-ZU', 12, { decision1Value: 'NOT_RELEVANT' })] }, post, false],
    [
      'another remark',
      { ...decided, entries: [entry('1-ZU', 12, { decision1Value: 'FURTHER_ASSESSMENT', decision1Remark: 'x' })] },
      { ...post, decisions: [post.decisions[0]] },
      false,
    ],
    ['an entry missing', { ...decided, entries: decided.entries.slice(0, 1) }, post, false],
    ['stage 2 not yet recorded', decided, second, false],
    [
      'stage 2 as posted',
      {
        ...decided,
        decision2Time: '2026-01-02T10:00:00.000Z',
        decision2Team: 'Rita',
        entries: [entry('1-ZU', 12, { decision1Value: 'FURTHER_ASSESSMENT', decision2Value: 'ACTION_REQUIRED' })],
      },
      second,
      true,
    ],
  ] as const)('%s: %s', (_name, round, p, expected) => {
    expect(holdsDecision(round, { ...p, decisions: [...p.decisions] })).toBe(expected);
  });
});

describe('archive filters', () => {
  const rounds = [
    { mrName: 'A', mrGroup: 'Dam', submissionTime: '2026-03-01T23:30:00Z', userDecision1Required: true },
    { mrName: 'B', mrGroup: undefined, submissionTime: '2026-03-05T10:00:00Z', completionTime: '2026-03-05T10:00:00Z' },
    { mrName: 'C', mrGroup: 'Dam', submissionTime: null, decision1Time: '2026-03-06T10:00:00Z' },
  ];
  it.each([
    [{}, ['A', 'B', 'C']],
    [{ group: 'Dam' }, ['A', 'C']],
    [{ group: 'B' }, ['B']],
    [{ state: 'awaitingDecision1' as const }, ['A']],
    [{ state: 'awaitingDecision2' as const }, ['C']],
    // 23:30 UTC is the 2nd in Vienna
    [{ from: '2026-03-02' }, ['A', 'B']],
    [{ to: '2026-03-01' }, []],
    [{ from: '2026-03-02', to: '2026-03-04' }, ['A']],
  ])('%o keeps %o', (filter, names) => {
    expect(filterArchive(rounds, filter).map((r) => r.mrName)).toEqual(names);
  });
  it('reads the filter from the URL and drops what is not one', () => {
    expect(parseArchiveFilter({ group: 'Dam', from: '2026-03-01', to: 'x', state: 'completed' })).toEqual({
      group: 'Dam',
      from: '2026-03-01',
      state: 'completed',
    });
    expect(parseArchiveFilter({ group: '', from: 5, to: '2026-03-09', state: 'nope' })).toEqual({ to: '2026-03-09' });
    expect(parseArchiveFilter({ mine: true })).toEqual({ mine: true });
    expect(parseArchiveFilter({ mine: 'true' })).toEqual({ mine: true });
    expect(parseArchiveFilter({ mine: 'yes' })).toEqual({});
  });
  it('finds no day in a missing or broken time', () => {
    expect(submissionDay(undefined)).toBeUndefined();
    expect(submissionDay('yesterday')).toBeUndefined();
  });
});

describe('archive images (§9 showArchiveImages)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-09T12:00:00Z', 1, true],
    ['2026-03-09T11:59:00Z', 1, false],
    ['2026-03-10T11:00:00Z', 0, false],
    [null, 30, false],
    ['garbage', 30, false],
  ] as const)('a round submitted %s with %i days shows images: %s', (at, days, shown) => {
    expect(archiveImagesShown(at, days, now)).toBe(shown);
  });
});

describe('report ids', () => {
  it('splits on commas and plus signs and drops blanks and repeats', () => {
    expect(parseInstanceIds('a,b+c, ,a')).toEqual(['a', 'b', 'c']);
  });
});
