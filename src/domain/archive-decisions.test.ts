import { describe, expect, it } from 'vitest';
import type { CompletedEntry, CompletedMeasureRound } from '../../schemas/api';
import { awaitingDecisionOf, decisionAccess, openIncidents } from './archive-decisions';

const INCIDENT_UNIT = 'nein/unverändert/Ereignis';
const entry = (tsId: string, value: number, over: Partial<CompletedEntry> = {}) =>
  ({
    tsId,
    staName: 's',
    staNumber: '1',
    tsParameter: 'ZU',
    tsUnit: INCIDENT_UNIT,
    value,
    ...over,
  }) as unknown as CompletedEntry;

const T = '2026-05-01T08:00:00Z';
// two incidents and a quiet entry; at stage 2 one incident was escalated
const flagged = [entry('1-ZU', 2), entry('2-ZU', 2), entry('3-ZU', 0)];
const escalated = [
  entry('1-ZU', 2, { decision1Value: 'FIX_IMMEDIATELY' }),
  entry('2-ZU', 2, { decision1Value: 'NOT_RELEVANT' }),
  entry('3-ZU', 0),
];
type Round = Pick<
  CompletedMeasureRound,
  'instanceId' | 'mrId' | 'entries' | 'completionTime' | 'decision1Time' | 'userDecision1Required'
>;
const submitted: Round = { instanceId: 'i7', mrId: '7', entries: flagged, userDecision1Required: true };
const afterDecision1: Round = { ...submitted, entries: escalated, decision1Time: T };
const completed: Round = { ...afterDecision1, completionTime: T };
const quiet: Round = { ...submitted, entries: [entry('3-ZU', 0)], userDecision1Required: false, completionTime: T };

const partlyDecided: Round = {
  ...afterDecision1,
  entries: [
    entry('1-ZU', 2, { decision1Value: 'FIX_IMMEDIATELY', decision2Value: 'ACTION_REQUIRED' }),
    entry('2-ZU', 2, { decision1Value: 'FURTHER_ASSESSMENT' }),
  ],
};

const R1 = { '7': ['HWE_RESPONSIBLE1'] };
const R2 = { '7': ['HWE_RESPONSIBLE2'] };
const BOTH = { '7': ['HWE_RESPONSIBLE1', 'HWE_RESPONSIBLE2'] };
const OBSERVER = { '7': ['HWE_OBSERVE'] };

describe('a round awaiting this user decision (archive list)', () => {
  it.each([
    ['submitted, first decider', submitted, R1, 1],
    ['submitted, second decider', submitted, R2, undefined],
    ['submitted, observer', submitted, OBSERVER, undefined],
    ['submitted, first decider of another round', submitted, { '8': ['HWE_RESPONSIBLE1'] }, undefined],
    ['after decision 1, first decider', afterDecision1, R1, undefined],
    ['after decision 1, second decider', afterDecision1, R2, 2],
    ['after decision 1, holder of both roles', afterDecision1, BOTH, 2],
    ['completed, holder of both roles', completed, BOTH, undefined],
    ['without incidents', quiet, BOTH, undefined],
    // spec profile: no roles per round in GET /info; the form is offered, so the list marks it too
    ['submitted, roles unknown', submitted, undefined, 1],
    ['after decision 1, roles unknown', afterDecision1, undefined, 2],
    ['completed, roles unknown', completed, undefined, undefined],
  ] as const)('%s: stage %s', (_, round, roles, stage) => {
    expect(awaitingDecisionOf(round, roles, 'HWE')).toBe(stage);
  });

  // the server refused this user's decision 1 on this round (403), remembered on the device
  const refused1 = new Set(['i7|1']);
  it.each([
    ['submitted, roles unknown, refused at stage 1: no mark', submitted, undefined, undefined],
    ['after decision 1, roles unknown, refused at stage 1 only: stage 2 marked', afterDecision1, undefined, 2],
    ['submitted, first decider by the roles of GET /info: the fresher roles win', submitted, R1, 1],
  ] as const)('%s', (_, round, roles, stage) => {
    expect(awaitingDecisionOf(round, roles, 'HWE', refused1)).toBe(stage);
  });
});

describe("what a round's screen offers for its open stage", () => {
  const refused = new Set(['i7|2']);
  it.each([
    ['roles unknown, not refused', 1, undefined, 'decide'],
    ['roles unknown, refused at this stage', 2, undefined, 'refused'],
    ['roles known: the decider decides though refused before', 2, R2, 'decide'],
    ['roles known: a non-decider reads', 2, R1, 'read-only'],
  ] as const)('%s: %s', (_, stage, roles, access) => {
    expect(decisionAccess(submitted, stage, roles, 'HWE', refused)).toBe(access);
  });
});

describe('open incidents of a listed round', () => {
  it.each([
    ['submitted: every incident awaits decision 1', submitted, 2],
    ['after decision 1: only the escalated incident awaits decision 2', afterDecision1, 1],
    ['completed: none', completed, 0],
    ['no incident at all', quiet, 0],
    ['an entry already decided at stage 2 no longer counts', partlyDecided, 1],
  ] as const)('%s: %i', (_, round, count) => {
    expect(openIncidents(round)).toBe(count);
  });
});
