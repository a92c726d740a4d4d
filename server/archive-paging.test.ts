import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedMeasureRound, MeasureRound } from '../schemas/api';
import { startOidcServer, type OidcServer } from '../test/support/server/oidc-identity';
import { MAX_SAME_DAY, MAX_STA_REMARKS } from './store/round-history';
import { MAX_VALUES_PER_SERIES } from './routes/timeseries-values';

let t: OidcServer;
const own: string[] = [];

/** Submissions straight into the table (what the list reads), all at one time, so paging must break ties. */
async function flood(mrId: string, n: number, entries = '[]') {
  await t.server.db.query(
    `insert into submission (instance_id, mr_id, body, value_count, username, state, entries, entries_bytes)
     select gen_random_uuid(), $1, '{}', 0, 'flood', 'completed', $3::jsonb, $4 from generate_series(1, $2)`,
    [mrId, n, entries, Buffer.byteLength(entries)],
  );
}

beforeAll(async () => {
  t = await startOidcServer('archive', [
    ['sue', '2', 'OBSERVE'],
    ['ora', '1', 'OBSERVE'],
    ['nobody-here', '3', 'OBSERVE'],
  ]);
  await t.server.db.query("delete from permission where username = 'nobody-here'");
  for (let i = 0; i < 2; i++) {
    const instanceId = crypto.randomUUID();
    own.push(instanceId);
    const res = await t.post('/measure-round/2', 'sue', {
      instanceId,
      creationTime: new Date().toISOString(),
      entries: [
        { staNumber: '3002', tsId: '3002-WT', dt: new Date(Date.now() - (i + 1) * 60_000).toISOString(), value: 5 },
      ],
    });
    expect(res.status).toBe(200);
  }
  // 501 newer posts to round 1 (the old list loaded the newest 500 of all rounds and filtered afterwards)
  await flood('1', 501);
});
afterAll(async () => t?.close());

const list = async (user: string, query = '') => {
  const res = await t.call(`/completed-measure-round${query}`, user);
  return {
    status: res.status,
    next: res.headers.get('X-Next-Page'),
    rounds: res.status === 200 ? ((await res.json()) as CompletedMeasureRound[]) : [],
  };
};

describe('GET /completed-measure-round: filtered by role and paged in SQL', () => {
  it("501 posts to one round do not hide another round's submissions from its users", async () => {
    const page = await list('sue');
    expect(page.rounds.map((r) => r.instanceId).sort()).toEqual([...own].sort());
    expect(page.next).toBeNull();
  });

  it('a user with no round gets an empty list', async () => {
    expect(await list('nobody-here')).toEqual({ status: 200, next: null, rounds: [] });
  });

  it('pages through every submission of the user once, newest first, across equal times', async () => {
    const seen: string[] = [];
    let query = '?limit=200';
    for (let pages = 0; pages < 10 && query; pages++) {
      const page = await list('ora', query);
      expect(page.status).toBe(200);
      expect(page.rounds.every((r) => r.mrId === '1')).toBe(true);
      seen.push(...page.rounds.map((r) => r.instanceId));
      query = page.next ? `?${page.next}` : '';
    }
    expect(seen).toHaveLength(501);
    expect(new Set(seen).size).toBe(501);
  });

  it('returns 100 by default and never more than 500', async () => {
    const first = await list('ora');
    expect(first.rounds).toHaveLength(100);
    expect(first.next).toContain('beforeId=');
    expect((await list('ora', '?limit=500')).rounds).toHaveLength(500);
  });

  it.each([
    ['?limit=501', 'limit'],
    ['?limit=0', 'limit'],
    ['?limit=ten', 'limit'],
    ['?before=yesterday', 'before'],
    [`?beforeId=${crypto.randomUUID()}`, 'query'],
    ['?before=2026-01-01T00:00:00Z&beforeId=x', 'beforeId'],
  ])('answers 400 to %s naming %s', async (query, field) => {
    const res = await t.call(`/completed-measure-round${query}`, 'ora');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
  });

  it('cuts a page of large submissions by size, at least one round per page', async () => {
    // ~1.3 MB of barely compressible text per submission: 10 of them exceed the page budget
    const big = JSON.stringify([
      {
        tsId: '3001-Q',
        staNumber: '3001',
        staName: 'x',
        tsParameter: 'Q',
        tsRemark: { text: Array.from({ length: 120_000 }, () => Math.random().toString(36).slice(2)).join('') },
      },
    ]);
    await flood('2', 10, big);
    const page = await list('sue', '?limit=20');
    expect(page.rounds.length).toBeGreaterThanOrEqual(1);
    expect(page.rounds.length).toBeLessThan(10);
    expect(page.next).not.toBeNull();
  });
});

describe('round load and values stay bounded whatever one series holds', () => {
  it('aggregates history in SQL: last, min/max with and without it, at most N same-day values and remarks', async () => {
    const now = Date.now();
    // 3000 values of 2004-W today (minutes apart, all within today in Vienna if possible), 10 with remarks,
    // one far in the future and one long ago
    await t.server.db.query(
      `insert into historic_value (ts_id, dt, value, sta_remark)
       select '2004-W', $1::timestamptz - make_interval(secs => i), 1000 + i, case when i <= 10 then to_jsonb('remark ' || i) end from generate_series(1, 3000) i`,
      [new Date(now - 1000).toISOString()],
    );
    await t.server.db.query(
      "insert into historic_value (ts_id, dt, value) values ('2004-W', '9999-01-01T00:00:00Z', -1), ('2004-W', now() - interval '400 days', -2)",
    );
    const round = (await (await t.call('/measure-round/1', 'ora')).json()) as MeasureRound;
    const entry = round.entries.find((e) => e.tsId === '2004-W');
    expect(entry?.last).toEqual({ dt: new Date(now - 2000).toISOString(), value: 1001 });
    expect(entry?.max).toBe(4000);
    expect(entry?.maxExcludingLast).toBe(4000);
    expect(entry?.minExcludingLast).toBe(1002);
    expect(entry?.min).toBe(1001);
    expect(entry?.sameDay?.length).toBeLessThanOrEqual(MAX_SAME_DAY);
    expect(entry?.sameDay?.at(-1)).toEqual({ dt: new Date(now - 2000).toISOString(), value: 1001 });
    expect(entry?.staRemarks).toHaveLength(MAX_STA_REMARKS);
    expect(entry?.staRemarks?.at(-1)).toEqual({ dt: new Date(now - 2000).toISOString(), text: 'remark 1' });
  });

  it(`answers at most ${MAX_VALUES_PER_SERIES} newest values per series with X-Truncated`, async () => {
    const res = await t.call('/timeseries-values?tsId=2004-W&tsId=2001-W', 'ora');
    const { values } = (await res.json()) as { values: { tsId: string; value: number }[] };
    expect(res.headers.get('X-Truncated')).toBe('true');
    const mine = values.filter((v) => v.tsId === '2004-W');
    expect(mine).toHaveLength(MAX_VALUES_PER_SERIES);
    expect(mine.at(-1)?.value).toBe(-1); // the newest, dated 9999 (inserted past the checks)
    expect(values.filter((v) => v.tsId === '2001-W').length).toBeGreaterThanOrEqual(60);
  });
});
