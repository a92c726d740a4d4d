import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { seedPgliteFromTemplate } from '../test/support/server/pglite-template';
import type { AppDatabase } from '../src/db/database';
import { memoryDatabase } from '../test/unit/memory-db';
import { ApiClient } from './api-client';
import { pullConfig, pullRounds, pullServerInfo } from './pull';
import {
  HISTORY_FULL_PULL_MS,
  HISTORY_MARKS_KEY,
  pullCompletedRounds,
  pullHistoricValues,
  pullMapData,
  pullReferenceLists,
} from './pull-lists';

const dir = mkdtempSync(join(tmpdir(), 'replication-pull-'));
let server: RunningServer;
let db: AppDatabase;
let api: ApiClient;

beforeAll(async () => {
  // the seeded demo database, copied (test/support/server/pglite-template.ts)
  await seedPgliteFromTemplate(dir);
  server = await startServer({ port: 0, dataDir: dir, demo: true });
  db = await memoryDatabase();
  api = new ApiClient(server.url, { clientVersion: 'test', browser: 'vitest', installed: false });
});
/** How many historic values the series documents hold. */
async function storedValues(): Promise<number> {
  return (await db.historicValues.find().exec()).reduce((n, d) => n + d.values.length, 0);
}
/** Each series document's revision: a series written again gets a new one. */
async function seriesRevisions(): Promise<Map<string, string>> {
  return new Map((await db.historicValues.find().exec()).map((d) => [d.tsId, d.revision]));
}
afterAll(async () => {
  await db?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pulling from the real server into RxDB', () => {
  it('stores config, server info and every round with mrVersion from the Date header', async () => {
    await pullConfig(db, api);
    await pullServerInfo(db, api);
    expect(await pullRounds(db, api)).toBe(3);
    const rounds = await db.rounds.find().exec();
    expect(rounds.map((r) => r.mrName).sort()).toEqual([
      'Meteo Kaunertal',
      'Quellen Kaunertal',
      'Talsperre Gepatsch Kontrollgang',
    ]);
    expect(Number.isNaN(Date.parse(rounds[0]?.mrVersion ?? ''))).toBe(false);
    expect((await db.reference.findOne('config').exec())?.data).toMatchObject({ defaultTime: '12:00' });
    expect((await db.reference.findOne('serverInfo').exec())?.data).toMatchObject({ username: 'demo' });
  });

  it('fetches historic values 32 timeseries per request into one document per series', async () => {
    const tsIds = (await db.rounds.find().exec()).flatMap((r) => r.entries.map((e) => e.tsId));
    expect(tsIds.length).toBeGreaterThan(32);
    const spy = vi.spyOn(api, 'getJson');
    try {
      const stored = await pullHistoricValues(db, api, tsIds);
      expect(spy.mock.calls.filter(([path]) => path.startsWith('/timeseries-values'))).toHaveLength(
        Math.ceil(new Set(tsIds).size / 32),
      );
      expect(stored).toBeGreaterThan(tsIds.length * 50);
      expect(await storedValues()).toBe(stored);
      const docs = await db.historicValues.find().exec();
      // a series without values (the formula series) has no document
      expect(docs.length).toBeLessThan(new Set(tsIds).size);
      for (const d of docs) {
        const dts = d.values.map((v) => Date.parse(v.dt));
        expect(dts).toEqual([...dts].sort((x, y) => x - y));
        expect(d.newestDt).toBe(d.values.at(-1)?.dt);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('pulls history incrementally: an unchanged server writes nothing, a new value arrives, once a day all again', async () => {
    const tsIds = (await db.rounds.find().exec()).flatMap((r) => r.entries.map((e) => e.tsId));
    const count = await storedValues();
    const revisions = await seriesRevisions();
    const spy = vi.spyOn(api, 'getJson');
    try {
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(0);
      expect(await storedValues()).toBe(count);
      expect(await seriesRevisions()).toEqual(revisions);
      const paths = spy.mock.calls.map(([path]) => path).filter((p) => p.startsWith('/timeseries-values'));
      // series with history ask only from their stored end on; the formula series (no values) has no mark
      expect(paths.filter((p) => p.includes('from=')).length).toBeGreaterThan(0);
      const dt = new Date().toISOString();
      const post = {
        instanceId: crypto.randomUUID(),
        creationTime: dt,
        entries: [{ staNumber: '3001', tsId: '3001-WT', dt, value: 7.25 }],
      };
      expect(
        (
          await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(post),
          })
        ).status,
      ).toBe(200);
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(1);
      const series = await db.historicValues.findOne('3001-WT').exec();
      expect(series?.values.at(-1)).toMatchObject({ dt, value: 7.25 });
      expect(series?.newestDt).toBe(dt);
      expect(await storedValues()).toBe(count + 1);
      // only the series that changed was written
      const after = await seriesRevisions();
      expect([...after].filter(([id, rev]) => revisions.get(id) !== rev).map(([id]) => id)).toEqual(['3001-WT']);
      // the rounds say where each series ends (entry.last): what the device has up to there is not asked for
      const marks = (await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data as Record<string, string>;
      const newest = new Map(tsIds.map((id) => [id as string, marks[id] || null]));
      spy.mockClear();
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, newest })).toBe(0);
      expect(spy.mock.calls.filter(([path]) => path.startsWith('/timeseries-values'))).toHaveLength(0);
      const later = new Date(Date.parse(dt) + 60_000).toISOString();
      const post2 = {
        instanceId: crypto.randomUUID(),
        creationTime: later,
        entries: [{ staNumber: '3001', tsId: '3001-WT', dt: later, value: 7.5 }],
      };
      expect(
        (
          await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(post2),
          })
        ).status,
      ).toBe(200);
      newest.set('3001-WT', later);
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, newest })).toBe(1);
      expect(spy.mock.calls.filter(([path]) => path.startsWith('/timeseries-values'))).toHaveLength(1);
      spy.mockClear();
      // a day after the last full pull, every series is asked for all its values again (still nothing written)
      const beforeFull = await seriesRevisions();
      expect(
        await pullHistoricValues(db, api, tsIds, undefined, {
          incremental: true,
          now: Date.now() + HISTORY_FULL_PULL_MS,
        }),
      ).toBe(0);
      expect(spy.mock.calls.some(([path]) => path.includes('from='))).toBe(false);
      expect(await seriesRevisions()).toEqual(beforeFull);
      expect((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data).toMatchObject({ '3001-WT': later });
      // the user loading the history of one series is no full pull: the time of the last one stays
      const lastFull = (await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.fetchedAt;
      await pullHistoricValues(db, api, ['3001-WT'], undefined, { now: Date.now() + HISTORY_FULL_PULL_MS + 60_000 });
      expect((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.fetchedAt).toBe(lastFull);
      // that full pull counts as the last one even though no mark moved: the next pull is incremental again
      spy.mockClear();
      expect(
        await pullHistoricValues(db, api, tsIds, undefined, {
          incremental: true,
          now: Date.now() + HISTORY_FULL_PULL_MS + 3_600_000,
        }),
      ).toBe(0);
      expect(
        spy.mock.calls
          .filter(([path]) => path.startsWith('/timeseries-values'))
          .every(([path]) => path.includes('from=')),
      ).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('replaces a re-pulled value that changed, drops values deleted on the server, and a series left without values', async () => {
    const tsIds = (await db.rounds.find().exec()).flatMap((r) => r.entries.map((e) => e.tsId));
    const values = async (tsId: string) => (await db.historicValues.findOne(tsId).exec())?.toMutableJSON().values ?? [];
    const wt = await values('3001-WT');
    const newestDt = wt.at(-1)?.dt ?? '';
    const oldDt = wt[0]?.dt ?? '';
    // corrected on the server within the incremental window: the next incremental pull replaces it
    await server.db.query('update historic_value set value = 99.5 where ts_id = $1 and dt = $2', ['3001-WT', newestDt]);
    expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(1);
    expect((await values('3001-WT')).at(-1)).toMatchObject({ dt: newestDt, value: 99.5 });
    // deleted on the server: inside the window it goes with the next incremental pull ...
    await server.db.query('delete from historic_value where ts_id = $1 and dt = $2', ['3001-WT', newestDt]);
    expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(1);
    expect((await values('3001-WT')).some((v) => v.dt === newestDt)).toBe(false);
    // ... an old one (before the window) stays until the daily full pull makes the series what the server has
    await server.db.query('delete from historic_value where ts_id = $1 and dt = $2', ['3001-WT', oldDt]);
    expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(0);
    expect((await values('3001-WT')).some((v) => v.dt === oldDt)).toBe(true);
    // a day after the last full pull (an earlier test ran one a day ahead)
    const later =
      ((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.fetchedAt ?? Date.now()) + HISTORY_FULL_PULL_MS;
    expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, now: later })).toBe(1);
    expect((await values('3001-WT')).map((v) => v.dt)).toEqual(wt.slice(1, -1).map((v) => v.dt));
    // every value of a series deleted: its document goes too
    const n = (await values('3002-WT')).length;
    await server.db.query('delete from historic_value where ts_id = $1', ['3002-WT']);
    expect(
      await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, now: later + HISTORY_FULL_PULL_MS }),
    ).toBe(n);
    expect(await db.historicValues.findOne('3002-WT').exec()).toBeNull();
    expect((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data).toMatchObject({ '3002-WT': '' });
  });

  it("asks for the rounds together, not one round trip after the other (a first visit's slow link)", async () => {
    let inFlight = 0;
    let most = 0;
    const getJson = api.getJson.bind(api);
    const spy = vi.spyOn(api, 'getJson').mockImplementation(async (...args: Parameters<ApiClient['getJson']>) => {
      const round = /^\/measure-round\/./.test(args[0]);
      if (round) most = Math.max(most, ++inFlight);
      try {
        return await getJson(...args);
      } finally {
        if (round) inFlight--;
      }
    });
    try {
      expect(await pullRounds(db, api)).toBe(3);
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(3);
  });

  it('writes nothing when config, server info and rounds did not change', async () => {
    // the submission above changed round 2 (its last values): that one is written once
    await pullRounds(db, api);
    const before = {
      config: (await db.reference.findOne('config').exec())?.revision,
      rounds: (await db.rounds.find().exec()).map((r) => r.revision),
    };
    await pullConfig(db, api);
    await pullRounds(db, api);
    expect((await db.reference.findOne('config').exec())?.revision).toBe(before.config);
    expect((await db.rounds.find().exec()).map((r) => r.revision)).toEqual(before.rounds);
  });

  it('keeps reference lists and map data with their ETags and answers 304s from the stored copy', async () => {
    await pullReferenceLists(db, api);
    await pullMapData(db, api, ['1', '3']);
    const docs = await db.reference.findOne('measureDocuments').exec();
    expect(docs?.etag).toBeTruthy();
    expect((await db.reference.findOne('dischargeMeters').exec())?.data).toHaveLength(2);
    expect((await db.reference.findOne('mapTrack:1').exec())?.etag).toBeTruthy();
    // a round without a map: an empty track and no overlay (204), neither an error
    expect((await db.reference.findOne('mapTrack:3').exec())?.data).toMatchObject({
      type: 'FeatureCollection',
      features: [],
    });
    expect(await db.reference.findOne('mapOverlay:3:osm').exec()).toBeNull();
    const before = docs?.fetchedAt;
    await pullReferenceLists(db, api);
    expect((await db.reference.findOne('measureDocuments').exec())?.fetchedAt).toBe(before);
  });

  it('pulls completed rounds for the archive', async () => {
    const post = {
      instanceId: crypto.randomUUID(),
      creationTime: '2026-11-23T08:00:00.000Z',
      entries: [{ staNumber: '3001', tsId: '3001-WT', dt: '2026-11-23T12:00:00.000+01:00', value: 6.5 }],
    };
    await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(post),
    });
    // and the two the incremental history test sent before
    expect(await pullCompletedRounds(db, api)).toBe(3);
    expect((await db.completedRounds.findOne(post.instanceId).exec())?.mrName).toBe('Quellen Kaunertal');
  });

  it('keeps the stored copies when the server is unreachable', async () => {
    const offline = new ApiClient('http://127.0.0.1:9', { clientVersion: 'test', browser: 'vitest', installed: false });
    await pullConfig(db, offline);
    await expect(pullRounds(db, offline)).rejects.toMatchObject({ reason: 'network' });
    expect(await db.rounds.count().exec()).toBe(3);
    expect((await db.reference.findOne('config').exec())?.data).toMatchObject({ defaultTime: '12:00' });
  });
});
