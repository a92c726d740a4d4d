import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from './app';
import { postgresBin, startPgCluster, type PgCluster } from '../test/support/server/pg-cluster';

// a dropped connection, a restart or a failover of PostgreSQL must not end the server. Runs in the
// PostgreSQL pass of npm test (TEST_PG_URL set), on a cluster of its own that it can stop and start.
const bin = process.env.TEST_PG_URL ? postgresBin() : undefined;
const dir = mkdtempSync(join(tmpdir(), 'server-outage-'));
let cluster: PgCluster;
let server: RunningServer;
const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

beforeAll(async () => {
  if (!bin) return;
  cluster = await startPgCluster(bin);
  server = await startServer({ port: 0, dataDir: dir, databaseUrl: cluster.url, demo: true });
}, 60_000);
afterAll(async () => {
  await server?.close();
  cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
  warn.mockRestore();
});

const API = () => `${server.url}/hwe-api/v2`;
/** One body per instanceId, as the app re-sends it (a different body under a stored id is a 409). */
const bodies = new Map<string, string>();
const submit = (instanceId = crypto.randomUUID()) => {
  const now = new Date().toISOString();
  const body =
    bodies.get(instanceId) ??
    JSON.stringify({
      instanceId,
      creationTime: now,
      entries: [{ staNumber: '2001', tsId: '2001-W', dt: now, value: 1680 }],
    });
  bodies.set(instanceId, body);
  return fetch(`${API()}/measure-round/1`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
};
/** Many calls at once: every pooled connection is in use (and so is terminated below). */
const burst = async () =>
  (
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? submit() : fetch(`${API()}/measure-round/1`))),
    )
  ).map((r) => r.status);

async function terminateServerBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const rows = (
    await admin.query<{ ok: boolean }>(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and backend_type = $1',
      ['client backend'],
    )
  ).rows;
  await admin.end();
  return rows.length;
}

describe.skipIf(!bin)('PostgreSQL outages', () => {
  it('survives its backends being terminated, idle and in use: the next requests succeed', async () => {
    expect(await burst()).toEqual(Array(12).fill(200));
    expect(await terminateServerBackends()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    // A request on a connection killed while idle may fail once (503); none is a 500 and the process lives on.
    const during = await burst();
    expect(during.every((s) => s === 200 || s === 503)).toBe(true);
    expect(await burst()).toEqual(Array(12).fill(200));
    // terminated while requests run
    const running = burst();
    await new Promise((r) => setTimeout(r, 5));
    await terminateServerBackends();
    expect((await running).every((s) => s === 200 || s === 503)).toBe(true);
    expect(await burst()).toEqual(Array(12).fill(200));
    expect(warn.mock.calls.some(([m]) => String(m).startsWith('PostgreSQL:'))).toBe(true);
  });

  it('answers 503 with a message while PostgreSQL is down and serves again once it is back', async () => {
    const instanceId = crypto.randomUUID();
    cluster.stop();
    try {
      const res = await fetch(`${API()}/measure-round/1`);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(((await res.json()) as { message: string }).message).toMatch(/database is not available/);
      const post = await submit(instanceId);
      expect(post.status).toBe(503);
      expect((await fetch(`${API()}/sync-state`)).status).toBe(503);
    } finally {
      cluster.start();
    }
    expect(await burst()).toEqual(Array(12).fill(200));
    // the refused submission is sent again (as the app does) and stored once
    expect((await submit(instanceId)).status).toBe(200);
    expect((await submit(instanceId)).status).toBe(200);
    expect(await server.db.query('select 1 from submission where instance_id = $1', [instanceId])).toHaveLength(1);
  }, 30_000);
});
