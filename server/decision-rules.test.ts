import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedMeasureRound } from '../schemas/api';
import { startOidcServer, type OidcServer } from '../test/support/server/oidc-identity';

let t: OidcServer;
let minute = 0;

beforeAll(async () => {
  t = await startOidcServer('decisions', [
    ['ora', '1', 'OBSERVE'],
    ['ora', '3', 'OBSERVE'],
    ['rudi', '1', 'RESPONSIBLE1'],
    ['rudi', '3', 'RESPONSIBLE1'],
    ['rita', '1', 'RESPONSIBLE2'],
  ]);
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const dt = () => new Date(Date.now() - 2 * HOUR + minute++ * 60_000).toISOString();
const STATION: Record<string, string> = {
  '2001-W': '2001',
  '2101-Q': '2101',
  '2103-TR': '2103',
  '2103-VB1': '2103',
  '2104-ZU': '2104',
  '2105-H': '2105',
  '2106-null': '2106',
  '4001-SWW': '4001',
};
const ROUND: Record<string, string> = { '4001-SWW': '3' };

function body(tsId: string, value: number, after?: number, extra: Record<string, unknown> = {}) {
  const at = dt();
  const valueAfter =
    after === undefined ? {} : { valueAfter: { dt: new Date(Date.parse(at) + 60_000).toISOString(), value: after } };
  return {
    instanceId: crypto.randomUUID(),
    creationTime: new Date().toISOString(),
    entries: [{ staNumber: STATION[tsId], tsId, dt: at, value, ...valueAfter, ...extra }],
  };
}
const submit = (tsId: string, b: unknown) => t.post(`/measure-round/${ROUND[tsId] ?? '1'}`, 'ora', b);
const completed = async (instanceId: string) =>
  (await (await t.call(`/completed-measure-round/${instanceId}`, 'rudi')).json()) as CompletedMeasureRound;

describe('§4 decision table on the server, for value and valueAfter', () => {
  it.each<[string, string, number, number | undefined, 'completed' | 'decision']>([
    ['NUMBER plausible', '2001-W', 1680, undefined, 'completed'],
    ['NUMBER above the range', '2001-W', 99_999, undefined, 'decision'],
    ['NUMBER valueAfter above the range (a 99,999 m piezometer)', '2001-W', 1680, 99_999, 'decision'],
    ['NUMBER valueAfter below the range', '2001-W', 1680, 0, 'decision'],
    ['NUMBER both plausible', '2001-W', 1680, 1681, 'completed'],
    ['DISCHARGE plausible', '2101-Q', 10, undefined, 'completed'],
    ['DISCHARGE above the range', '2101-Q', 30, undefined, 'decision'],
    ['FORMULA above the range', '2105-H', 150, undefined, 'decision'],
    ['NO_IMPORT_NUMBER below the range', '2106-null', 1, undefined, 'decision'],
    ['SNOW_WATER_EQUIVALENT above the range', '4001-SWW', 2000, undefined, 'decision'],
    ['SNOW_WATER_EQUIVALENT plausible', '4001-SWW', 200, undefined, 'completed'],
    ['NO_STEADY_INCIDENT no', '2104-ZU', 0, undefined, 'completed'],
    ['NO_STEADY_INCIDENT steady', '2104-ZU', 1, undefined, 'completed'],
    ['NO_STEADY_INCIDENT incident', '2104-ZU', 2, undefined, 'decision'],
    ['NO_STEADY_INCIDENT incident as valueAfter', '2104-ZU', 0, 2, 'decision'],
    ['NO_STEADY_INCIDENT -VB incident', '2103-VB1', 2, undefined, 'decision'],
    ['NO_YES yes (never implausible)', '2103-TR', 1, undefined, 'completed'],
    ['NO_YES no', '2103-TR', 0, 1, 'completed'],
  ])('%s (%s: %s, valueAfter %s) → %s', async (_name, tsId, value, after, outcome) => {
    const b = body(tsId, value, after);
    expect((await submit(tsId, b)).status).toBe(200);
    const round = await completed(b.instanceId);
    expect(round.userDecision1Required).toBe(outcome === 'decision');
    expect(round.completionTime === null).toBe(outcome === 'decision');
  });

  it.each<[string, string, number, number | undefined, string]>([
    ['incident code 3', '2104-ZU', 3, undefined, 'entries.0.value'],
    ['incident code −5', '2104-ZU', -5, undefined, 'entries.0.value'],
    ['incident code 2.0000001', '2104-ZU', 2.0000001, undefined, 'entries.0.value'],
    ['incident code 3 as valueAfter', '2104-ZU', 0, 3, 'entries.0.valueAfter.value'],
    ['yes/no value 7', '2103-TR', 7, undefined, 'entries.0.value'],
    ['yes/no value 0.5', '2103-TR', 0.5, undefined, 'entries.0.value'],
    ['yes/no value 2 as valueAfter', '2103-TR', 1, 2, 'entries.0.valueAfter.value'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, tsId, value, after, field) => {
    const before = [await t.count('submission'), await t.count('historic_value')];
    const res = await submit(tsId, body(tsId, value, after));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field });
    expect([await t.count('submission'), await t.count('historic_value')]).toEqual(before);
  });
});

describe('dates within [1900-01-01, now + 1 day]', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  const withDt = (value: string) => ({
    ...body('2001-W', 1680),
    entries: [{ staNumber: '2001', tsId: '2001-W', dt: value, value: 1680 }],
  });
  it.each<[string, number, unknown, string?]>([
    ['year 0001', 400, withDt('0001-01-01T12:00:00Z'), 'entries.0.dt'],
    ['year 9999', 400, withDt('9999-12-31T12:00:00Z'), 'entries.0.dt'],
    ['one second before 1900', 400, withDt('1899-12-31T23:59:59Z'), 'entries.0.dt'],
    ['25 hours ahead', 400, withDt(at(Date.now() + 25 * HOUR)), 'entries.0.dt'],
    [
      'valueAfter in 9999',
      400,
      {
        ...body('2001-W', 1680),
        entries: [
          {
            staNumber: '2001',
            tsId: '2001-W',
            dt: dt(),
            value: 1680,
            valueAfter: { dt: '9999-01-01T00:00:00Z', value: 1680 },
          },
        ],
      },
      'entries.0.valueAfter.dt',
    ],
    ['creationTime in 9999', 400, { ...body('2001-W', 1680), creationTime: '9999-01-01T00:00:00Z' }, 'creationTime'],
    [
      'a task created in 0001',
      400,
      body('2001-W', 1680, undefined, {
        staTasks: [
          { taskId: 'old', taskType: 'Wartung', staNumber: '2001', isNew: true, creationTime: '0001-01-01T00:00:00Z' },
        ],
      }),
      'entries.0.staTasks.0.creationTime',
    ],
    ['exactly 1900-01-01', 200, withDt('1900-01-01T00:00:00Z')],
    ['23 hours ahead', 200, withDt(at(Date.now() + 23 * HOUR))],
  ])('%s → %i', async (_name, status, b, field) => {
    const res = await t.post('/measure-round/1', 'ora', b);
    expect(res.status).toBe(status);
    if (field) expect(await res.json()).toMatchObject({ field });
  });
});

describe('deciders are the authenticated users', () => {
  it('records decision1User and decision2User beside the typed teams', async () => {
    const b = body('2104-ZU', 2);
    expect((await submit('2104-ZU', b)).status).toBe(200);
    const url = `/completed-measure-round/${b.instanceId}`;
    expect(
      (
        await t.post(url, 'rudi', {
          stage: 1,
          team: 'Wärter Nord',
          decisions: [{ tsId: '2104-ZU', value: 'FIX_IMMEDIATELY' }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.post(url, 'rita', {
          stage: 2,
          team: 'Betriebsleitung',
          decisions: [{ tsId: '2104-ZU', value: 'ACTION_REQUIRED' }],
        })
      ).status,
    ).toBe(200);
    expect(await completed(b.instanceId)).toMatchObject({
      decision1Team: 'Wärter Nord',
      decision1User: 'rudi',
      decision2Team: 'Betriebsleitung',
      decision2User: 'rita',
      completionTime: expect.any(String),
    });
    const listed = ((await (await t.call('/completed-measure-round', 'ora')).json()) as CompletedMeasureRound[]).find(
      (r) => r.instanceId === b.instanceId,
    );
    expect(listed).toMatchObject({ decision1User: 'rudi', decision2User: 'rita' });
  });
});

describe('the first value at a series and time stays', () => {
  it('keeps the first submission value, reports the conflict and keeps the later value in its own submission', async () => {
    const first = body('2001-W', 1680);
    const at = first.entries[0]?.dt;
    expect((await submit('2001-W', first)).status).toBe(200);
    const later = { ...first, instanceId: crypto.randomUUID(), entries: [{ ...first.entries[0], value: 1690 }] };
    const res = await submit('2001-W', later);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { conflicts: unknown[] };
    expect(answer.conflicts).toEqual([
      {
        field: 'entries.0.dt',
        tsId: '2001-W',
        dt: new Date(at as string).toISOString(),
        value: 1680,
        instanceId: first.instanceId,
      },
    ]);
    const [stored] = await t.server.db.query<{ value: number; instance_id: string }>(
      'select value, instance_id from historic_value where ts_id = $1 and dt = $2',
      ['2001-W', at],
    );
    expect(stored).toEqual({ value: 1680, instance_id: first.instanceId });
    expect((await completed(later.instanceId)).entries[0]?.value).toBe(1690);
    // a re-send answers the same report; an equal value is no conflict
    expect(
      (await (await submit('2001-W', later)).json()) as { duplicate: boolean; conflicts: unknown[] },
    ).toMatchObject({ duplicate: true, conflicts: answer.conflicts });
    const same = await submit('2001-W', { ...first, instanceId: crypto.randomUUID() });
    expect(((await same.json()) as { conflicts?: unknown }).conflicts).toBeUndefined();
  });

  it('two submissions racing for one point: one value stays, the other submission is told (never silently lost)', async () => {
    // on PostgreSQL the two transactions run at once: the later insert waits for the first and skips the point,
    // and its conflict must still be reported (a read from before the insert would not see the first value)
    for (const [k, value] of [1700, 1710, 1720, 1730, 1740].entries()) {
      const a = body('2001-W', value);
      const at = new Date(Date.parse(a.entries[0]?.dt ?? '') - (k + 1) * 60_000).toISOString();
      const posts = [value, value + 1].map((v) => ({
        ...a,
        instanceId: crypto.randomUUID(),
        entries: [{ ...a.entries[0], dt: at, value: v }],
      }));
      const answers = await Promise.all(
        posts.map(async (p) => {
          const res = await submit('2001-W', p);
          expect(res.status).toBe(200);
          return (await res.json()) as { conflicts?: { value: number; instanceId: string }[] };
        }),
      );
      const [stored] = await t.server.db.query<{ value: number; instance_id: string }>(
        'select value, instance_id from historic_value where ts_id = $1 and dt = $2',
        ['2001-W', at],
      );
      const loser = posts.findIndex((p) => p.instanceId !== stored?.instance_id);
      expect(answers[loser]?.conflicts).toEqual([
        expect.objectContaining({ value: stored?.value, instanceId: stored?.instance_id }),
      ]);
      expect(answers[1 - loser]?.conflicts).toBeUndefined();
    }
  });

  it('reports a conflict of valueAfter by its field', async () => {
    const first = body('2001-W', 1680, 1681);
    expect((await submit('2001-W', first)).status).toBe(200);
    const after = first.entries[0]?.valueAfter as { dt: string };
    const later = {
      ...body('2001-W', 1670),
      entries: [{ staNumber: '2001', tsId: '2001-W', dt: after.dt, value: 1675 }],
    };
    expect(((await (await submit('2001-W', later)).json()) as { conflicts: unknown[] }).conflicts).toEqual([
      expect.objectContaining({ field: 'entries.0.dt', value: 1681 }),
    ]);
  });
});
