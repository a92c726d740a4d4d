import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import type { AppDatabase } from '../src/db/database';
import { memoryDatabase } from '../test/unit/memory-db';
import { ApiClient } from './api-client';
import { pullConfig, pullRounds, pullServerInfo } from './pull';
import { HISTORY_FULL_PULL_MS, HISTORY_MARKS_KEY, pullCompletedRounds, pullHistoricValues, pullMapData, pullReferenceLists } from './pull-lists';

const dir = mkdtempSync(join(tmpdir(), 'replication-pull-'));
let server: RunningServer;
let db: AppDatabase;
let api: ApiClient;

beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: dir });
  db = await memoryDatabase();
  api = new ApiClient(server.url, { clientVersion: 'test', browser: 'vitest', installed: false });
});
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
    expect(rounds.map((r) => r.mrName).sort()).toEqual(['Meteo Kaunertal', 'Quellen Kaunertal', 'Talsperre Gepatsch Kontrollgang']);
    expect(Number.isNaN(Date.parse(rounds[0]?.mrVersion ?? ''))).toBe(false);
    expect((await db.reference.findOne('config').exec())?.data).toMatchObject({ defaultTime: '12:00' });
    expect((await db.reference.findOne('serverInfo').exec())?.data).toMatchObject({ username: 'demo' });
  });

  it('fetches historic values 32 timeseries per request', async () => {
    const tsIds = (await db.rounds.find().exec()).flatMap((r) => r.entries.map((e) => e.tsId));
    expect(tsIds.length).toBeGreaterThan(32);
    const stored = await pullHistoricValues(db, api, tsIds);
    expect(stored).toBeGreaterThan(tsIds.length * 50);
    expect(await db.historicValues.count().exec()).toBe(stored);
  });

  it('pulls history incrementally: an unchanged server writes nothing, a new value arrives, once a day all again', async () => {
    const tsIds = (await db.rounds.find().exec()).flatMap((r) => r.entries.map((e) => e.tsId));
    const count = await db.historicValues.count().exec();
    const spy = vi.spyOn(api, 'getJson');
    try {
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(0);
      expect(await db.historicValues.count().exec()).toBe(count);
      const paths = spy.mock.calls.map(([path]) => path).filter((p) => p.startsWith('/timeseries-values'));
      // series with history ask only from their stored end on; the formula series (no values) has no mark
      expect(paths.filter((p) => p.includes('from=')).length).toBeGreaterThan(0);
      const dt = new Date().toISOString();
      const post = { instanceId: crypto.randomUUID(), creationTime: dt, entries: [{ staNumber: '3001', tsId: '3001-WT', dt, value: 7.25 }] };
      expect((await fetch(`${server.url}/hwe-api/v2/measure-round/2`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(post) })).status).toBe(200);
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true })).toBe(1);
      expect((await db.historicValues.findOne(`3001-WT|${dt}`).exec())?.value).toBe(7.25);
      // the rounds say where each series ends (entry.last): what the device has up to there is not asked for
      const marks = (await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data as Record<string, string>;
      const newest = new Map(tsIds.map((id) => [id as string, marks[id] || null]));
      spy.mockClear();
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, newest })).toBe(0);
      expect(spy.mock.calls.filter(([path]) => path.startsWith('/timeseries-values'))).toHaveLength(0);
      const later = new Date(Date.parse(dt) + 60_000).toISOString();
      const post2 = { instanceId: crypto.randomUUID(), creationTime: later, entries: [{ staNumber: '3001', tsId: '3001-WT', dt: later, value: 7.5 }] };
      expect((await fetch(`${server.url}/hwe-api/v2/measure-round/2`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(post2) })).status).toBe(200);
      newest.set('3001-WT', later);
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, newest })).toBe(1);
      expect(spy.mock.calls.filter(([path]) => path.startsWith('/timeseries-values'))).toHaveLength(1);
      spy.mockClear();
      // a day after the last full pull, every series is asked for all its values again (still nothing written)
      expect(await pullHistoricValues(db, api, tsIds, undefined, { incremental: true, now: Date.now() + HISTORY_FULL_PULL_MS })).toBe(0);
      expect(spy.mock.calls.some(([path]) => path.includes('from='))).toBe(false);
      expect((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data).toMatchObject({ '3001-WT': later });
    } finally {
      spy.mockRestore();
    }
  });

  it('writes nothing when config, server info and rounds did not change', async () => {
    // the submission above changed round 2 (its last values): that one is written once
    await pullRounds(db, api);
    const before = { config: (await db.reference.findOne('config').exec())?.revision, rounds: (await db.rounds.find().exec()).map((r) => r.revision) };
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
    expect((await db.reference.findOne('mapTrack:3').exec())?.data).toMatchObject({ type: 'FeatureCollection', features: [] });
    expect(await db.reference.findOne('mapOverlay:3:osm').exec()).toBeNull();
    const before = docs?.fetchedAt;
    await pullReferenceLists(db, api);
    expect((await db.reference.findOne('measureDocuments').exec())?.fetchedAt).toBe(before);
  });

  it('pulls completed rounds for the archive', async () => {
    const post = { instanceId: crypto.randomUUID(), creationTime: '2026-11-23T08:00:00.000Z', entries: [{ staNumber: '3001', tsId: '3001-WT', dt: '2026-11-23T12:00:00.000+01:00', value: 6.5 }] };
    await fetch(`${server.url}/hwe-api/v2/measure-round/2`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(post) });
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
