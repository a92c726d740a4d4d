import { describe, expect, it } from 'vitest';
import { DECISION_FORBIDDEN, isRefused, refusedDecisions, type DecisionRecord } from './decision-refusals';

const refusal = (over: Partial<DecisionRecord> = {}): DecisionRecord => ({
  instanceId: 'a',
  stage: 1,
  owner: 'olga',
  syncState: 'error',
  lastError: DECISION_FORBIDDEN,
  updatedAt: 100,
  ...over,
});
const sent = (over: Partial<DecisionRecord> = {}): DecisionRecord =>
  refusal({ syncState: 'sent', lastError: undefined, ...over });

describe("stages of rounds the server refused a user's decision on (403)", () => {
  it.each<[string, DecisionRecord[], string, string[]]>([
    ['a refused decision of the user', [refusal()], 'olga', ['a|1']],
    ['per stage', [refusal({ stage: 2 })], 'olga', ['a|2']],
    ['another error is no refusal (the network, a 500)', [refusal({ lastError: 'HTTP 500' })], 'olga', []],
    ['queued again ("send again"): no longer refused', [refusal({ syncState: 'queued' })], 'olga', []],
    ["another user's refusal on a shared device", [refusal({ owner: 'rudi' })], 'olga', []],
    ['login-off mode: the one user of the device', [refusal({ owner: '' })], '', ['a|1']],
    ['a later successful decision on the round clears it', [refusal(), sent({ stage: 2, updatedAt: 200 })], 'olga', []],
    ['an earlier successful decision does not', [sent({ stage: 2, updatedAt: 50 }), refusal()], 'olga', ['a|1']],
    ["another user's success does not", [refusal(), sent({ owner: 'rudi', updatedAt: 200 })], 'olga', ['a|1']],
    ['a success on another round does not', [refusal(), sent({ instanceId: 'b', updatedAt: 200 })], 'olga', ['a|1']],
  ])('%s', (_, decisions, user, keys) => {
    expect([...refusedDecisions(decisions, user)]).toEqual(keys);
  });

  it('answers per round and stage', () => {
    const refused = refusedDecisions([refusal()], 'olga');
    expect(isRefused(refused, 'a', 1)).toBe(true);
    expect(isRefused(refused, 'a', 2)).toBe(false);
    expect(isRefused(refused, 'b', 1)).toBe(false);
  });
});
