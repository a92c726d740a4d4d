import { describe, expect, it } from 'vitest';
import { durabilityFor, durabilityRisk, LOW_QUOTA_MB, type DurabilityInput } from './durability';

const MB = 1024 * 1024;
const now = Date.parse('2026-11-23T12:00:00Z');
const base: DurabilityInput = {
  usage: 10 * MB,
  quota: 1000 * MB,
  persisted: true,
  unsent: [],
  unsentWarningDays: 2,
  now,
};
const unsent = (days: number) => ({ instanceId: `i${days}`, mrName: `Round ${days}`, since: now - days * 86_400_000 });

describe('durabilityRisk (the browser evicting data is the silent loss)', () => {
  it.each<[string, Partial<DurabilityInput>, ReturnType<typeof durabilityRisk>]>([
    ['all well', {}, undefined],
    ['less than 10 % of the quota left', { usage: 950 * MB }, { kind: 'quota', freeMb: 50 }],
    ['less than 50 MB left on a big quota', { usage: 9_990 * MB, quota: 10_000 * MB }, { kind: 'quota', freeMb: 10 }],
    ['exactly the limit is fine', { usage: 900 * MB - 1, quota: 1000 * MB }, undefined],
    ['no estimate: no quota warning', { usage: undefined, quota: undefined }, undefined],
    [
      'a round unsent for 3 days (limit 2)',
      { unsent: [unsent(1), unsent(3)] },
      { kind: 'unsent', instanceId: 'i3', mrName: 'Round 3', days: 3 },
    ],
    ['a round unsent for 2 days is not yet too long', { unsent: [unsent(2)] }, undefined],
    ['not persisted with unsent data', { persisted: false, unsent: [unsent(0)] }, { kind: 'notPersisted' }],
    ['not persisted without unsent data', { persisted: false }, undefined],
    ['quota before an old round', { usage: 990 * MB, unsent: [unsent(5)] }, { kind: 'quota', freeMb: 10 }],
  ])('%s', (_, input, expected) => {
    expect(durabilityRisk({ ...base, ...input })).toEqual(expected);
  });

  it('uses a 50 MB floor', () => {
    expect(LOW_QUOTA_MB).toBe(50);
  });
});

describe('durabilityFor (shared devices: only the own rounds are named)', () => {
  const of = (owner: string | undefined, days: number) => ({ ...unsent(days), instanceId: `${owner}-${days}`, owner });
  it.each<[string, ReturnType<typeof of>[], Partial<DurabilityInput>, ReturnType<typeof durabilityFor>]>([
    ['nothing unsent', [], {}, { othersWaiting: 0, othersAtRisk: false }],
    ["another user's old round is counted, never named", [of('anna', 5)], {}, { othersWaiting: 1, othersAtRisk: true }],
    [
      "the own old round is named; another user's only counted",
      [of('anna', 5), of('ben', 4)],
      {},
      {
        risk: { kind: 'unsent', instanceId: 'ben-4', mrName: 'Round 4', days: 4 },
        othersWaiting: 1,
        othersAtRisk: true,
      },
    ],
    [
      "other users' fresh rounds on persisted storage are not at risk",
      [of('anna', 0), of('carl', 1)],
      {},
      { othersWaiting: 2, othersAtRisk: false },
    ],
    [
      "not persisted: other users' rounds are at risk, the own warning needs own rounds",
      [of('anna', 0)],
      { persisted: false },
      { othersWaiting: 1, othersAtRisk: true },
    ],
    [
      "rounds without an owner (login-off mode, older versions) are everyone's",
      [of(undefined, 3)],
      {},
      {
        risk: { kind: 'unsent', instanceId: 'undefined-3', mrName: 'Round 3', days: 3 },
        othersWaiting: 0,
        othersAtRisk: false,
      },
    ],
  ])('%s', (_, rounds, input, expected) => {
    expect(durabilityFor({ ...base, ...input, unsent: rounds }, 'ben')).toEqual(expected);
  });

  it("counts every owned round as another user's after a logout", () => {
    expect(durabilityFor({ ...base, unsent: [of('ben', 5)] }, undefined)).toEqual({
      othersWaiting: 1,
      othersAtRisk: true,
    });
  });
});
