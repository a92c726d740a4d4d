import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { seedPgliteFromTemplate } from '../test/support/server/pglite-template';
import type { AppDatabase } from '../src/db/database';
import { readLastChecked } from '../src/db/last-checked';
import { memoryDatabase } from '../test/unit/memory-db';
import { ApiClient } from './api-client';
import { HISTORY_FULL_PULL_MS } from './pull-lists';
import { pullFromServer, SYNC_STATE_KEY, type SyncSession } from './sync-state';

const dir = mkdtempSync(join(tmpdir(), 'replication-sync-state-'));
let server: RunningServer;
const open: AppDatabase[] = [];

beforeAll(async () => {
  // the seeded demo database, copied (test/support/server/pglite-template.ts)
  await seedPgliteFromTemplate(dir);
  server = await startServer({ port: 0, dataDir: dir, demo: true });
});
// the free RxDB tier limits open collections: one device at a time
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A device: its database, the API paths it asked for, and faults to answer instead of the server. */
async function device() {
  const db = await memoryDatabase();
  open.push(db);
  const requests: { path: string; ifNoneMatch?: string }[] = [];
  const faults = new Map<RegExp, number | 'network'>();
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace('/hwe-api/v2', '') + url.search;
    requests.push({ path, ifNoneMatch: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'] });
    for (const [pattern, fault] of faults) {
      if (!pattern.test(path)) continue;
      if (fault === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: 'injected' }), { status: fault });
    }
    return fetch(input, init);
  };
  const api = new ApiClient(server.url, { clientVersion: '1.0.0', browser: 'vitest', installed: false }, fetchFn);
  let writes = 0;
  db.eventBulks$.subscribe((bulk) => (writes += bulk.events.length));
  const session: SyncSession = { serverHasSyncState: true };
  const pull = async (opts: { force?: boolean; now?: () => number; clientVersion?: string } = {}) => {
    requests.length = 0;
    const before = writes;
    const outcome = await pullFromServer(db, api, { clientVersion: '1.0.0', session, ...opts });
    // change events arrive after the write resolves
    await new Promise((r) => setTimeout(r, 50));
    return { outcome, requests: [...requests], written: writes - before };
  };
  return { db, pull, faults, session };
}

const submit = async (tsId: string, staNumber: string, value: number) => {
  const dt = new Date().toISOString();
  const post = { instanceId: crypto.randomUUID(), creationTime: dt, entries: [{ staNumber, tsId, dt, value }] };
  const res = await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(post),
  });
  expect(res.status).toBe(200);
  return dt;
};

const token = async (db: AppDatabase) =>
  ((await db.reference.findOne(SYNC_STATE_KEY).exec())?.data as { token?: string } | null)?.token;

describe('the periodic pull asks /sync-state first', () => {
  it('a quiet pull is 1 request and writes nothing; a change pulls everything; a day later all again', async () => {
    const d = await device();
    const first = await d.pull();
    expect(first.outcome).toBe('pulled');
    expect(first.requests[0]).toEqual({ path: '/sync-state', ifNoneMatch: undefined });
    expect(first.requests.length).toBeGreaterThan(10);
    const stored = await token(d.db);
    expect(stored).toBeTruthy();

    const quiet = await d.pull();
    expect(quiet).toEqual({
      outcome: 'unchanged',
      requests: [{ path: '/sync-state', ifNoneMatch: `"${stored}"` }],
      written: 0,
    });
    // the round list still learns when the device last checked
    expect(readLastChecked(d.db.name)).toBeGreaterThan(Date.now() - 5_000);

    const dt = await submit('3001-WT', '3001', 8.5);
    const changed = await d.pull();
    expect(changed.outcome).toBe('pulled');
    expect(changed.requests.map((r) => r.path)).toContain('/measure-round/2');
    expect((await d.db.historicValues.findOne('3001-WT').exec())?.values.find((v) => v.dt === dt)?.value).toBe(8.5);
    expect(await token(d.db)).not.toBe(stored);
    expect((await d.pull()).requests).toHaveLength(1);

    // the daily full history pull still runs though nothing changed
    const dayLater = await d.pull({ now: () => Date.now() + HISTORY_FULL_PULL_MS });
    expect(dayLater.outcome).toBe('pulled');
    expect(dayLater.requests.some((r) => r.path.startsWith('/timeseries-values') && !r.path.includes('from='))).toBe(
      true,
    );

    // a login change (force) and a new app version pull everything too
    expect((await d.pull({ force: true })).outcome).toBe('pulled');
    expect((await d.pull({ clientVersion: '1.0.1' })).outcome).toBe('pulled');
  });

  it('a server without /sync-state (404) gets the full pull, and is not asked again', async () => {
    const d = await device();
    d.faults.set(/^\/sync-state/, 404);
    const first = await d.pull();
    expect(first.outcome).toBe('pulled');
    expect(d.session.serverHasSyncState).toBe(false);
    expect(await token(d.db)).toBeUndefined();
    const second = await d.pull();
    expect(second.outcome).toBe('pulled');
    expect(second.requests.some((r) => r.path === '/sync-state')).toBe(false);
    expect(second.requests.some((r) => r.path === '/measure-round')).toBe(true);
  });

  it('a pull with a failed part stores no token, so the next one pulls again', async () => {
    const d = await device();
    d.faults.set(/^\/measure-documents/, 500);
    expect((await d.pull()).outcome).toBe('pulled');
    expect(await token(d.db)).toBeUndefined();
    d.faults.clear();
    d.faults.set(/^\/completed-measure-round/, 'network');
    const broken = await d.pull();
    expect(broken.outcome).toBe('failed');
    expect(await token(d.db)).toBeUndefined();
    expect(
      ((await d.db.reference.findOne('syncStatus').exec())?.data as { lastPullError?: string }).lastPullError,
    ).toMatch(/Failed to fetch/);
    d.faults.clear();
    expect((await d.pull()).outcome).toBe('pulled');
    expect(await token(d.db)).toBeTruthy();
    // the error is gone from the status once a pull succeeded; a quiet pull after it writes nothing
    expect(
      ((await d.db.reference.findOne('syncStatus').exec())?.data as { lastPullError?: string }).lastPullError,
    ).toBeUndefined();
    expect((await d.pull()).written).toBe(0);
  });

  it('a quiet check after a failed pull clears the error (one write), the next writes nothing', async () => {
    const d = await device();
    expect((await d.pull()).outcome).toBe('pulled');
    d.faults.set(/^\/sync-state/, 'network');
    d.faults.set(/^\/measure-round$/, 'network');
    expect((await d.pull()).outcome).toBe('failed');
    d.faults.clear();
    const recovered = await d.pull();
    expect(recovered).toMatchObject({ outcome: 'unchanged', written: 1 });
    expect(
      ((await d.db.reference.findOne('syncStatus').exec())?.data as { lastPullError?: string }).lastPullError,
    ).toBeUndefined();
    expect((await d.pull()).written).toBe(0);
  });
});

describe("a full pull's first requests", () => {
  /** A device whose fetch holds the first three answers until all three were asked (or 2 s passed). */
  async function heldDevice(infoStatus?: number) {
    const db = await memoryDatabase();
    open.push(db);
    const first = new Set(['/config', '/info', '/measure-round']);
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    let allAsked: () => void = () => undefined;
    const together = new Promise<void>((resolve) => {
      allAsked = resolve;
      setTimeout(resolve, 2000);
    });
    const fetchFn: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname.replace('/hwe-api/v2', '');
      if (first.has(path)) {
        asked.push(path);
        most = Math.max(most, ++inFlight);
        if (asked.length === first.size) allAsked();
        await together;
        inFlight--;
        if (path === '/info' && infoStatus) return new Response('{"message":"injected"}', { status: infoStatus });
      }
      return fetch(input, init);
    };
    const api = new ApiClient(server.url, { clientVersion: '1.0.0', browser: 'vitest', installed: false }, fetchFn);
    const outcome = await pullFromServer(db, api, { clientVersion: '1.0.0', force: true });
    return { db, asked, outcome, most };
  }

  it('asks for the config, the user and the round list at once, and stores the rounds', async () => {
    const { db, asked, outcome, most } = await heldDevice();
    expect(outcome).not.toBe('failed');
    expect(asked.sort()).toEqual(['/config', '/info', '/measure-round']);
    // one after the other, each would have waited out the hold alone
    expect(most).toBe(3);
    expect((await db.rounds.find().exec()).length).toBe(3);
    expect((await db.reference.findOne('serverInfo').exec())?.data).toMatchObject({ username: 'demo' });
  });

  it('stores no round when the user could not be asked (the claim comes first), and leaves no rejection behind', async () => {
    const { db, outcome } = await heldDevice(500);
    expect(outcome).toBe('failed');
    expect(await db.rounds.count().exec()).toBe(0);
    expect((await db.reference.findOne('syncStatus').exec())?.data).toMatchObject({
      lastPullError: expect.any(String),
    });
  });
});
