import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { Draft } from '../../schemas/db/draft-doc';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../schemas/db/round-doc';
import { buildIndoorPost, buildInstancePost } from './build-round-post';
import type { BuildContext } from './post-context';

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
const context = (more: Partial<BuildContext> = {}): BuildContext => ({
  defaultTime: '12:00',
  photoIdsByTsId: new Map(),
  tasks: [],
  facilities: [],
  drafts: [],
  ...more,
});
const entriesOf = (built: ReturnType<typeof buildIndoorPost>) => {
  if (!('post' in built)) throw new Error(built.errors.join());
  return built.post.entries;
};
const post = (drafts: Draft[], formulaGenerator: boolean) =>
  entriesOf(buildIndoorPost(instance, round, context({ drafts, formulaGenerator })));

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

describe('indoor post of what else was entered', () => {
  it('sends a station change once, on the first entry of its station, without the device bookkeeping', () => {
    const entries = entriesOf(
      buildIndoorPost(
        instance,
        { entries: [e('2101-Q'), e('2101-W'), e('2106-null')] },
        context({
          tasks: [
            { taskId: 't1', taskType: 'CLEAN', staNumber: '2101', taskDone: true, isNew: false, creationTime: 'c' },
            {
              taskId: 't2',
              taskType: 'FIX',
              staNumber: '2101',
              taskDone: false,
              isNew: true,
              creationTime: 'c',
              text: 'x',
            },
          ],
          facilities: [
            {
              id: 'f1',
              staNumber: '2106',
              instanceId: instance.instanceId,
              mrId: '1',
              updatedAt: 5,
              action: ['EDIT'],
              invalid: false,
              name: 'Gauge',
              model: 'M',
              attributes: {},
              stations: ['2106'],
            },
          ],
        }),
      ),
    );
    expect(entries.map((x) => [x.tsId, x.staTasks?.map((t) => t.taskId), x.staFacilities?.map((f) => f.id)])).toEqual([
      ['2101-Q', ['t1', 't2'], undefined],
      ['2106-null', undefined, ['f1']],
    ]);
    // an entry with only a station change is dated with the default time of the instance's date
    expect(entries[0]?.dt).toMatch(/^2026-11-23T12:00/);
    expect(entries[1]?.staFacilities?.[0]).not.toHaveProperty('instanceId');
    expect(entries[1]?.staFacilities?.[0]).not.toHaveProperty('staNumber');
    expect(entries[0]?.staTasks?.[1]).toMatchObject({ text: 'x' });
    expect(entries[0]?.staTasks?.[0]).not.toHaveProperty('text');
  });

  it('sends the second reading, the remarks with their photos, snow and the depth profile', () => {
    const [q] = entriesOf(
      buildIndoorPost(
        instance,
        { entries: [e('2101-Q')] },
        context({
          photoIdsByTsId: new Map([['2101-Q', ['img-1']]]),
          drafts: [
            {
              tsId: '2101-Q',
              text: '2',
              valueAfterText: '3',
              remark: ' trüb ',
              staRemark: 'Zaun offen',
              snowWaterEquivalent: { values: [], result: 10 },
              depthProfile: [{ depthM: 1 }],
              updatedAt: 1,
            },
          ],
        }),
      ),
    );
    expect(q).toMatchObject({
      value: 2,
      // §9: the second reading a minute after the first
      valueAfter: { value: 3, dt: expect.stringMatching(/^2026-11-23T12:01/) },
      tsRemark: { text: 'trüb', images: ['img-1'] },
      staRemark: { text: 'Zaun offen' },
      snowWaterEquivalent: { values: [], result: 10 },
      depthProfile: [{ depthM: 1 }],
    });
  });
});

describe('the post of any instance', () => {
  it('builds a meteo month with one entry per day, and every other mode as the table', async () => {
    const daily = { entries: [e('2101-N')] };
    const drafts = [{ tsId: '2101-N|2026-11-03', text: '4', updatedAt: 1 }];
    const meteo = await buildInstancePost(
      { ...instance, mode: 'meteo', date: '2026-11-01' },
      daily,
      context({ drafts }),
    );
    const indoor = await buildInstancePost(
      instance,
      daily,
      context({ drafts: [{ tsId: '2101-N', text: '4', updatedAt: 1 }] }),
    );
    expect('post' in meteo && meteo.post.entries.map((x) => x.dt?.slice(0, 10))).toEqual(['2026-11-03']);
    expect('post' in indoor && indoor.post.entries.map((x) => x.value)).toEqual([4]);
  });
});
