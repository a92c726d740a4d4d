import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcServer, type OidcServer } from '../test/support/server/oidc-identity';

// GET /sync-state: one call answers whether anything a user's periodic pull reads has changed.
let t: OidcServer;

beforeAll(async () => {
  t = await startOidcServer('sync-state', [
    ['ann', '1', 'OBSERVE'],
    ['ann', '2', 'OBSERVE'],
    ['ben', '2', 'OBSERVE'],
    ['ben', '3', 'OBSERVE'],
  ]);
});
afterAll(async () => t?.close());

async function token(user: string): Promise<string> {
  const res = await t.call('/sync-state', user);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string };
  expect(res.headers.get('ETag')).toBe(`"${body.token}"`);
  return body.token;
}

const submit = async (user: string, mrId: string, staNumber: string, tsId: string, value: number) => {
  const dt = new Date(Date.now() - Math.round(Math.random() * 3_600_000)).toISOString();
  const res = await t.post(`/measure-round/${mrId}`, user, {
    instanceId: crypto.randomUUID(),
    creationTime: dt,
    entries: [{ staNumber, tsId, dt, value }],
  });
  expect(res.status).toBe(200);
};

/** Runs a change and says whether each user's token moved. */
async function moved(change: () => Promise<unknown>, users = ['ann', 'ben']): Promise<Record<string, boolean>> {
  const before = await Promise.all(users.map(token));
  await change();
  const after = await Promise.all(users.map(token));
  return Object.fromEntries(users.map((u, i) => [u, before[i] !== after[i]]));
}

describe('GET /sync-state', () => {
  it('is stable while nothing changes, differs per user, and answers 304 to its ETag', async () => {
    const a = await token('ann');
    expect(await token('ann')).toBe(a);
    expect(await token('ben')).not.toBe(a);
    const res = await t.call('/sync-state', 'ann', { headers: { 'If-None-Match': `"${a}"` } });
    expect(res.status).toBe(304);
    expect(res.headers.get('ETag')).toBe(`"${a}"`);
    expect((await t.call('/sync-state', 'ann', { headers: { 'If-None-Match': 'W/"other", "x"' } })).status).toBe(200);
  });

  it('needs a login like every call but config', async () => {
    const res = await fetch(`${t.server.url}/hwe-api/v2/sync-state`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/Authorization/);
  });

  it('a submission moves the token of the users of that round only', async () => {
    expect(await moved(() => submit('ann', '1', '2101', '2101-Q', 5))).toEqual({ ann: true, ben: false });
    expect(await moved(() => submit('ben', '2', '3002', '3002-WT', 6))).toEqual({ ann: true, ben: true });
  });

  it('a round edited by an admin moves it (name, an entry definition)', async () => {
    expect(
      await moved(() => t.server.db.query("update measure_round set mr_name = mr_name || ' (neu)' where mr_id = '3'")),
    ).toEqual({ ann: false, ben: true });
    const edit =
      "update round_entry set definition = jsonb_set(definition, '{tsName}', '\"Quellschüttung neu\"') where mr_id = '2' and definition->>'tsId' = '3001-Q'";
    expect(await moved(() => t.server.db.query(edit))).toEqual({ ann: true, ben: true });
  });

  it('a permission change that hides a round or shows one moves it', async () => {
    expect(
      await moved(() => t.server.db.query("delete from permission where username = 'ben' and mr_id = '3'"), ['ben']),
    ).toEqual({ ben: true });
    expect(
      await moved(
        () => t.server.db.query("insert into permission (username, mr_id, role) values ('ben', '1', 'HWE_OBSERVE')"),
        ['ben'],
      ),
    ).toEqual({ ben: true });
  });

  it('config, a reference list and a map track move it', async () => {
    expect(
      await moved(() =>
        t.server.db.query(
          'update reference_data set data = data || \'{"defaultTime": "07:30"}\'::jsonb where key = \'config\'',
        ),
      ),
    ).toEqual({ ann: true, ben: true });
    expect(
      await moved(() =>
        t.server.db.query(
          "update reference_data set data = data || '[]'::jsonb || jsonb_build_array(data->0) where key = 'dischargeMeters'",
        ),
      ),
    ).toEqual({ ann: true, ben: true });
    const track = `insert into map_data (mr_id, kind, map_type, data, etag) values ('2', 'track', '', '{"type":"FeatureCollection","features":[]}', '')
      on conflict (mr_id, kind, map_type) do update set data = jsonb_set(map_data.data, '{features}', '[]')`;
    await t.server.db.query(track);
    const line = `update map_data set data = '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[10,47],[10.1,47.1]]}}]}' where mr_id = '2' and kind = 'track'`;
    expect(await moved(() => t.server.db.query(line))).toEqual({ ann: true, ben: true });
  });

  it('a decision on an archived round moves it for the users of that round', async () => {
    const [row] = await t.server.db.query<{ instance_id: string }>(
      "select instance_id from submission where mr_id = '2' order by submission_time limit 1",
    );
    const decide = () =>
      t.server.db.query("update submission set decision1_time = now(), state = 'decision1' where instance_id = $1", [
        row?.instance_id,
      ]);
    expect(await moved(decide)).toEqual({ ann: true, ben: true });
  });

  it('a value, a station task or facility moves it for the rounds with that series or station only', async () => {
    await t.server.db.query("delete from permission where username = 'ben' and mr_id = '1'"); // ben: round 2 only
    const value =
      "insert into historic_value (ts_id, dt, value) values ('2101-Q', now() - interval '1 minute', 7) on conflict do nothing";
    expect(await moved(() => t.server.db.query(value))).toEqual({ ann: true, ben: false });
    const task =
      "insert into station_task (task_id, sta_number, task_type, text) values ('t-sync', '2101', 'MAINTENANCE', 'check')";
    expect(await moved(() => t.server.db.query(task))).toEqual({ ann: true, ben: false });
    expect(
      await moved(() => t.server.db.query("update station_task set task_done = true where task_id = 't-sync'")),
    ).toEqual({ ann: true, ben: false });
    const facility =
      "insert into station_facility (facility_id, sta_number, name, model) values ('f-sync', '3002', 'Pegel', 'x')";
    expect(await moved(() => t.server.db.query(facility))).toEqual({ ann: true, ben: true });
  });

  it('a rolled back write or a read leaves it; a write in several statements moves it once', async () => {
    expect(
      await moved(async () => {
        await t.server.db
          .transaction(async (tx) => {
            await tx.query("update measure_round set sort = sort + 1 where mr_id = '1'");
            throw new Error('abort');
          })
          .catch(() => undefined);
        await t.call('/measure-round/1', 'ann');
      }),
    ).toEqual({ ann: false, ben: false });
    const before = await t.server.db.query<{ v: string }>("select v::text as v from change_version where scope = '1'");
    await t.server.db.transaction(async (tx) => {
      await tx.query("update measure_round set sort = sort + 1 where mr_id = '1'");
      await tx.query("update measure_round set sort = sort - 1 where mr_id = '1'");
    });
    const after = await t.server.db.query<{ v: string }>("select v::text as v from change_version where scope = '1'");
    expect(BigInt(after[0]?.v ?? 0) - BigInt(before[0]?.v ?? 0)).toBe(1n);
    // the one bump of each transaction leaves no marker behind (migration 10)
    expect(await t.server.db.query('select count(*)::int as n from change_pending')).toEqual([{ n: 0 }]);
  });

  it('a write after a rolled back savepoint moves it once; values and a submission in one transaction once', async () => {
    const version = async (scope: string) =>
      BigInt(
        (await t.server.db.query<{ v: string }>('select v::text as v from change_version where scope = $1', [scope]))[0]
          ?.v ?? 0,
      );
    const before = await version('1');
    await t.server.db.transaction(async (tx) => {
      await tx.query('savepoint a');
      await tx.query("update measure_round set sort = sort + 1 where mr_id = '1'");
      await tx.query('rollback to savepoint a');
      await tx.query("update measure_round set sort = sort + 0 where mr_id = '1'");
    });
    expect((await version('1')) - before).toBe(1n);
    const [before1, before2] = [await version('1'), await version('2')];
    await submit('ann', '1', '2101', '2101-Q', 7);
    expect((await version('1')) - before1).toBe(1n);
    expect(await version('2')).toBe(before2);
    expect(await t.server.db.query('select count(*)::int as n from change_pending')).toEqual([{ n: 0 }]);
  });

  it('costs two queries whatever the data (no pull is computed)', async () => {
    const db = t.server.db;
    const original = db.query.bind(db);
    let count = 0;
    db.query = <T>(sql: string, params?: unknown[]) => {
      count++;
      return original<T>(sql, params);
    };
    try {
      const queries = async (user: string) => {
        count = 0;
        await token(user);
        return count;
      };
      // the old token read every round's history, tasks and maps and the archive: dozens of queries per call
      const first = await queries('ann');
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(3);
      await original(
        "insert into submission (instance_id, mr_id, body, value_count, username, entries, entries_bytes) select gen_random_uuid(), '1', '{}', 1, 'ann', '[]', 2 from generate_series(1, 500)",
      );
      expect(await queries('ann')).toBeLessThanOrEqual(3);
      expect(await queries('ben')).toBeLessThanOrEqual(3);
    } finally {
      db.query = original;
    }
  });
});
