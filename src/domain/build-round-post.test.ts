import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { Draft } from '../../schemas/db/draft-doc';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../schemas/db/round-doc';
import { buildIndoorPost } from './build-round-post';

const e = (tsId: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({ staName: 'S', staNumber: tsId.split('-')[0], tsId, tsParameter: 'W', ...extra }) as MeasureRoundEntry;
const round = {
  mrId: '1',
  mrName: 'R',
  mrVersion: 'x',
  fetchedAt: 0,
  entries: [
    e('2106-null'),
    e('2105-H', { tsFormula: { op: '-', opArgs: [{ const: 1767 }, { tsId: '2106-null' }] } }),
    e('2101-Q', { tsUnit: 'l/s' }),
  ],
} as RoundDoc;
const instance = {
  instanceId: '8d7c3a8e-6a39-4f7c-9a55-0d2b8f7d6c11',
  mrId: '1',
  mrName: 'R',
  mode: 'indoor',
  date: '2026-11-23',
  creationTime: '2026-11-23T10:00:00.000+01:00',
  syncState: 'draft',
  updatedAt: 0,
} as OfflineInstanceDoc;
const post = (drafts: Draft[], formulaGenerator: boolean) => {
  const built = buildIndoorPost(instance, round, {
    defaultTime: '12:00',
    photoIdsByTsId: new Map(),
    tasks: [],
    facilities: [],
    drafts,
    formulaGenerator,
  });
  if (!('post' in built)) throw new Error(built.errors.join());
  return built.post.entries;
};

describe('indoor post of the input types', () => {
  it('sends the calculated value of a formula only with the formula generator configured', () => {
    const drafts = [{ tsId: '2106-null', text: '1750,5', updatedAt: 1 }];
    expect(post(drafts, true).find((x) => x.tsId === '2105-H')).toMatchObject({ calculatedValue: 16.5 });
    expect(post(drafts, false).map((x) => x.tsId)).toEqual(['2106-null']);
  });
  it('dates the discharge protocol with its reading', () => {
    const [q] = post(
      [
        {
          tsId: '2101-Q',
          text: '2,167',
          time: '07:45',
          dischargeProtocol: { gauge: 12.5, discharge: 2.167, dischargeUnit: 'l/s' },
          updatedAt: 1,
        },
      ],
      false,
    );
    expect(q?.dischargeProtocol?.dt).toBe(q?.dt);
    expect(q?.dt).toMatch(/^2026-11-23T07:45/);
  });
});
