import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry, OfflineInstance } from '../../schemas/api';
import { buildPost, isPostable } from '.';

const base = {
  staName: 'Messwehr',
  staNumber: '2101',
  tsId: '2101-Q',
  tsParameter: 'Q',
  dt: '2026-11-23T12:00:00+01:00',
} as MeasureRoundEntry;
const instance = (entries: MeasureRoundEntry[]): OfflineInstance =>
  ({
    instanceId: '8d7c3a8e-6a39-4f7c-9a55-0d2b8f7d6c11',
    mrId: '1',
    mrName: 'R',
    creationTime: '2026-11-23T11:00:00+01:00',
    entries,
  }) as OfflineInstance;

describe('measurements without a value are posted (§4 filled entry)', () => {
  it.each<[string, Partial<MeasureRoundEntry>, boolean]>([
    ['a calculated value', { calculatedValue: 16.5 }, true],
    ['a calculated value that is not a number', { calculatedValue: null }, false],
    ['a discharge protocol with discharge and gauge', { dischargeProtocol: { discharge: 2, gauge: 12 } }, true],
    ['a discharge protocol without gauge', { dischargeProtocol: { discharge: 2 } }, false],
    ['a depth profile', { depthProfile: [{ depthM: 1 }] }, true],
    ['an empty depth profile', { depthProfile: [] }, false],
  ])('%s: %s', (_, patch, expected) => {
    expect(isPostable({ ...base, ...patch })).toBe(expected);
  });

  it('carries calculated value, discharge, snow and depth profile into the post', () => {
    const entry: MeasureRoundEntry = {
      ...base,
      value: 2.167,
      calculatedValue: 3,
      dischargeValue: {
        key: 'VOLUME_TIME',
        aggregationMethod: 'MEAN',
        volumetricMeasurements: [{ volume: 10, time: 4 }],
        value: 2.167,
        unit: 'l/s',
      },
      dischargeProtocol: { gauge: 12.5, discharge: 2.167, dischargeUnit: 'l/s' },
      snowWaterEquivalent: { values: [], result: 110 },
      depthProfile: [{ staNumber: '2101', depthM: 0.5 }],
    };
    const built = buildPost(instance([entry]));
    if (!('post' in built)) throw new Error(built.errors.join());
    expect(built.post.entries[0]).toMatchObject({
      value: 2.167,
      calculatedValue: 3,
      dischargeValue: entry.dischargeValue,
      dischargeProtocol: entry.dischargeProtocol,
      snowWaterEquivalent: entry.snowWaterEquivalent,
      depthProfile: entry.depthProfile,
    });
  });
});
