import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/support/server/round-robin-proxy';
import { startTestS3, type TestS3 } from '../test/support/server/s3-test-server';
import { testDatabaseOptions } from '../test/support/server/test-database';

// two instances on one PostgreSQL and one object store, behind a load balancer.
const onPostgres = Boolean(process.env.TEST_PG_URL);
const dir = mkdtempSync(join(tmpdir(), 'server-multi-'));
let s3: TestS3;
let a: RunningServer;
let b: RunningServer;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  if (!onPostgres) return;
  s3 = await startTestS3('multi-key');
  const s3Settings = {
    endpoint: s3.url,
    bucket: 'photos',
    region: 'eu-central-1',
    accessKeyId: 'multi-key',
    secretAccessKey: 'multi-secret',
    forcePathStyle: true,
  };
  const { databaseUrl } = await testDatabaseOptions(dir);
  // both start at once on an empty database: migrations and demo data run once, under the start-up lock
  const start = (name: string) =>
    startServer({ port: 0, dataDir: join(dir, name), databaseUrl, s3: s3Settings, demo: true });
  [a, b] = await Promise.all([start('a'), start('b')]);
  proxy = await startRoundRobinProxy([a.url, b.url]);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.close(), b?.close()]);
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (base: string, path: string, init: RequestInit = {}) =>
  fetch(`${base}/hwe-api/v2${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
const count = async (sql: string, params: unknown[] = []) => (await a.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const syncToken = async (base: string) => ((await (await api(base, '/sync-state')).json()) as { token: string }).token;

describe.skipIf(!onPostgres)('two instances, one database, one object store', () => {
  it('seeded the demo once although both started at once', async () => {
    expect(await count('select count(*)::int as n from measure_round')).toBe(3);
    expect(await count('select count(*)::int as n from schema_migrations')).toBeGreaterThanOrEqual(6);
  });

  it('stores a submission sent to both at once once', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const instanceId = crypto.randomUUID();
    const body = JSON.stringify({
      instanceId,
      creationTime: at,
      entries: [
        { staNumber: '2001', tsId: '2001-W', dt: at, value: 1681.5 },
        { staNumber: '2101', tsId: '2101-Q', dt: at, value: 6.5 },
      ],
    });
    const answers = await Promise.all(
      [a, b, a, b].map((s) => api(s.url, '/measure-round/1', { method: 'POST', body })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await count('select count(*)::int as n from submission where instance_id = $1', [instanceId])).toBe(1);
    expect(await count('select count(*)::int as n from historic_value where instance_id = $1', [instanceId])).toBe(2);
  });

  it('serves through one instance an image uploaded through the other', async () => {
    const original = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const dt = new Date(Date.now() - 120_000).toISOString();
    const up = await fetch(
      `${a.url}/hwe-api/v2/measure-round/1/image/multi-1?dt=${encodeURIComponent(dt)}&staNumber=2001&tsId=2001-W`,
      { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array(original) },
    );
    expect(await up.json()).toEqual({ imageId: 'multi-1', duplicate: false });
    const instanceId = crypto.randomUUID();
    const post = await api(proxy.url, '/measure-round/1', {
      method: 'POST',
      body: JSON.stringify({
        instanceId,
        creationTime: dt,
        entries: [{ staNumber: '2001', tsId: '2001-W', dt, value: 1, tsRemark: { images: ['multi-1'] } }],
      }),
    });
    expect(post.status).toBe(200);
    for (const s of [b, a]) {
      const res = await fetch(`${s.url}/hwe-api/v2/completed-measure-round/${instanceId}/image/multi-1`, {
        headers: { Accept: 'image/jpeg', 'X-Image-Width': '100' },
      });
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(100);
    }
    // the same upload again through the other instance is a duplicate, not a second blob
    const again = await fetch(
      `${b.url}/hwe-api/v2/measure-round/1/image/multi-1?dt=${encodeURIComponent(dt)}&staNumber=2001&tsId=2001-W`,
      { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array(original) },
    );
    expect(await again.json()).toEqual({ imageId: 'multi-1', duplicate: true });
    expect([...s3.objects.keys()].filter((k) => k.startsWith('photos/images/multi-1/'))).toHaveLength(1);
  });

  it('agrees on sync-state, before and after a write through either instance', async () => {
    const before = await syncToken(a.url);
    expect(await syncToken(b.url)).toBe(before);
    const at = new Date(Date.now() - 180_000).toISOString();
    const res = await api(b.url, '/measure-round/2', {
      method: 'POST',
      body: JSON.stringify({
        instanceId: crypto.randomUUID(),
        creationTime: at,
        entries: [{ staNumber: '3001', tsId: '3001-WT', dt: at, value: 5 }],
      }),
    });
    expect(res.status).toBe(200);
    const after = await syncToken(a.url);
    expect(after).not.toBe(before);
    expect(await syncToken(b.url)).toBe(after);
    const etag = `"${after}"`;
    for (const s of [a, b])
      expect((await api(s.url, '/sync-state', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('spreads calls through the balancer and goes on when one instance is gone', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => api(proxy.url, '/measure-round').then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(proxy.counts.every((n) => n > 0)).toBe(true);
    await b.close();
    const after = await Promise.all(
      Array.from({ length: 10 }, () => api(proxy.url, '/sync-state').then((r) => r.status)),
    );
    expect(after).toEqual(Array(10).fill(200));
  });
});
