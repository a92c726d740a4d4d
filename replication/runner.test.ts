import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { seedPgliteFromTemplate } from '../test/support/server/pglite-template';
import type { AppDatabase } from '../src/db/database';
import { createInstance, queueInstance, writeInstanceDraft } from '../src/db/instance-commands';
import { failBeforeSend, startSend, waitForLogin } from '../src/db/send-commands';
import { memoryDatabase } from '../test/unit/memory-db';
import { API_BASE, ApiClient } from './api-client';
import { DecisionQueue } from './decision-queue';
import { pullRounds } from './pull';
import { startReplication, type ReplicationHandle } from './runner';
import { LOGIN_REQUIRED, SubmitQueue } from './submit-queue';
import { SYNC_STATE_KEY } from './sync-state';

// The runner calls discardIfLoggedOut right after it leads; a test may stop the replication inside that call.
// Every pull the runner starts is logged (the tests add their asks to the log) and waits for pullGate first.
const hooks = vi.hoisted(() => ({
  onDiscard: undefined as (() => void) | undefined,
  log: [] as string[],
  pullGate: Promise.resolve(),
}));
vi.mock('./user-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./user-data')>();
  return {
    ...actual,
    discardIfLoggedOut: (db: Parameters<typeof actual.discardIfLoggedOut>[0]) => {
      const hook = hooks.onDiscard;
      hooks.onDiscard = undefined;
      hook?.();
      return actual.discardIfLoggedOut(db);
    },
  };
});

vi.mock('./sync-state', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./sync-state')>();
  let pullsStarted = 0;
  return {
    ...actual,
    pullFromServer: async (...args: Parameters<typeof actual.pullFromServer>) => {
      const n = ++pullsStarted;
      hooks.log.push(`pull ${n} start${args[2].force ? ' forced' : ''}`);
      try {
        await hooks.pullGate;
        return await actual.pullFromServer(...args);
      } finally {
        hooks.log.push(`pull ${n} end`);
      }
    },
  };
});

const realFetch = globalThis.fetch;
const identity = { clientVersion: 'test', browser: 'vitest', installed: false };
const dir = mkdtempSync(join(tmpdir(), 'replication-runner-'));
let server: RunningServer;

beforeAll(async () => {
  // the seeded demo database, copied (test/support/server/pglite-template.ts)
  await seedPgliteFromTemplate(dir);
  server = await startServer({ port: 0, dataDir: dir, demo: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Readings in the past, one minute apart (the server refuses two values of a series at one time). */
let minutesAgo = 0;
const pastDt = () => new Date(Date.now() - 3_600_000 - ++minutesAgo * 60_000).toISOString();

let db: AppDatabase;
let handle: ReplicationHandle | undefined;
/** Every request the replication made, as `METHOD /path` below the API base. */
let requests: string[];
let inFlight: number;
/** The most requests of each kind (`METHOD /path`) that were in flight at once. */
let peakInFlight: Map<string, number>;
/** How long a request of this kind takes longer than the server needs (a slow link). */
let delayOf: (request: string) => number;
/** The `online` listeners the window holds. */
let onlineListeners: Set<EventListenerOrEventListenerObject>;
let events: EventTarget;
let net: { onLine: boolean };
/** Resolves the tab's leader election: until then another tab leads. */
let lead: () => void;

beforeEach(async () => {
  db = await memoryDatabase();
  // the local copy of the rounds an instance is typed in (pulled earlier, as in the app)
  await pullRounds(db, new ApiClient(server.url, identity, realFetch));
  requests = [];
  inFlight = 0;
  peakInFlight = new Map();
  delayOf = () => 0;
  hooks.log = [];
  hooks.pullGate = Promise.resolve();
  const inFlightOf = new Map<string, number>();
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = `${init?.method ?? 'GET'} ${url.pathname.replace(API_BASE, '')}`;
    requests.push(request);
    inFlight += 1;
    const same = (inFlightOf.get(request) ?? 0) + 1;
    inFlightOf.set(request, same);
    peakInFlight.set(request, Math.max(peakInFlight.get(request) ?? 0, same));
    try {
      const delay = delayOf(request);
      if (delay > 0) await settle(delay);
      return await realFetch(input, init);
    } finally {
      inFlight -= 1;
      inFlightOf.set(request, (inFlightOf.get(request) ?? 1) - 1);
    }
  });
  events = new EventTarget();
  onlineListeners = new Set();
  vi.stubGlobal('addEventListener', (type: string, listener: EventListenerOrEventListenerObject) => {
    if (type === 'online') onlineListeners.add(listener);
    events.addEventListener(type, listener);
  });
  vi.stubGlobal('removeEventListener', (type: string, listener: EventListenerOrEventListenerObject) => {
    if (type === 'online') onlineListeners.delete(listener);
    events.removeEventListener(type, listener);
  });
  net = { onLine: true };
  vi.stubGlobal('navigator', net);
  const leading = new Promise<boolean>((resolve) => (lead = () => resolve(true)));
  vi.spyOn(db, 'waitForLeadership').mockReturnValue(leading);
});

afterEach(async () => {
  handle?.stop();
  handle = undefined;
  hooks.onDiscard = undefined;
  hooks.pullGate = Promise.resolve();
  // a pull or send under way still writes: let it finish before the database closes
  await vi.waitFor(() => expect(inFlight).toBe(0), { timeout: 20_000 });
  await settle(100);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await db.close();
});

const start = (pullIntervalMs?: number): ReplicationHandle => {
  handle = startReplication(db, { origin: server.url, identity, ...(pullIntervalMs ? { pullIntervalMs } : {}) });
  return handle;
};
const pulls = () => requests.filter((r) => r === 'GET /sync-state').length;
const sends = () => requests.filter((r) => r.startsWith('POST /measure-round/')).length;
const decisionPosts = () => requests.filter((r) => r.startsWith('POST /completed-measure-round/')).length;
const syncState = async (instanceId: string) => (await db.offlineInstances.findOne(instanceId).exec())?.syncState;
const decisionState = async (id: string) => (await db.decisions.findOne(id).exec())?.syncState;
/** The first pull stored the server's token: it is over. */
const firstPullDone = () =>
  vi.waitFor(async () => expect(await db.reference.findOne(SYNC_STATE_KEY).exec()).not.toBeNull(), {
    timeout: 20_000,
  });
const eventually = (assertion: () => Promise<void> | void) => vi.waitFor(assertion, { timeout: 20_000 });

/** A round of "Quellen Kaunertal" with one value, submitted by the user (queued). */
async function queuedRound(): Promise<string> {
  const round = await db.rounds.findOne('2').exec();
  if (!round) throw new Error('the demo round 2 was not pulled');
  const dt = pastDt();
  const instance = await createInstance(db, { mrId: '2', mrName: round.mrName, mode: 'indoor', date: dt.slice(0, 10) });
  await writeInstanceDraft(db, instance.instanceId, '3001-WT', { text: '6.5', time: dt.slice(11, 16) });
  await queueInstance(db, instance.instanceId);
  return instance.instanceId;
}

/** How many submissions the server holds under the id. */
async function held(instanceId: string): Promise<number> {
  const rows = await server.db.query<{ n: number }>(
    'select count(*)::int as n from submission where instance_id = $1',
    [instanceId],
  );
  return rows[0]?.n ?? 0;
}

/** A submitted round with an incident on the server, and the stage 1 decision on it typed on this device. */
async function decisionOnServerRound(syncState: 'queued' | 'waiting-login'): Promise<string> {
  const instanceId = crypto.randomUUID();
  const submitted = await realFetch(`${server.url}${API_BASE}/measure-round/1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      instanceId,
      creationTime: new Date().toISOString(),
      entries: [{ staNumber: '2103', tsId: '2103-VB1', dt: pastDt(), value: 2, tsRemark: { text: 'Riss' } }],
    }),
  });
  expect(submitted.status).toBe(200);
  const decisions = [{ tsId: '2103-VB1', value: 'NOT_CRITICAL' as const }];
  const id = `${instanceId}|1`;
  await db.decisions.insert({
    id,
    instanceId,
    stage: 1,
    mrName: 'Talsperre Gepatsch Kontrollgang',
    team: 'Rudi',
    inputs: decisions,
    post: { stage: 1, team: 'Rudi', decisions },
    syncState,
    updatedAt: Date.now(),
  });
  return id;
}

async function decidedOnServer(decisionId: string): Promise<boolean> {
  const instanceId = decisionId.split('|')[0] ?? '';
  const rows = await server.db.query<{ decision1_time: unknown }>(
    'select decision1_time from submission where instance_id = $1',
    [instanceId],
  );
  return rows[0]?.decision1_time != null;
}

describe('the replication runs in the leading tab only', () => {
  it('sends and pulls nothing while another tab leads; once it leads it pulls and sends the queued round once', async () => {
    const instanceId = await queuedRound();
    const r = start();
    await settle(500);
    expect(requests).toEqual([]);
    expect(r.isLeader()).toBe(false);
    expect(await syncState(instanceId)).toBe('queued');

    lead();
    await eventually(async () => expect(await syncState(instanceId)).toBe('sent'));
    await firstPullDone();
    expect(r.isLeader()).toBe(true);
    expect(pulls()).toBeGreaterThanOrEqual(1);
    expect(sends()).toBe(1);
    expect(await held(instanceId)).toBe(1);
  });

  it.each([
    ['sent when loginChanged() came before the tab led', true, 'sent'],
    ['left waiting without a login', false, 'waiting-login'],
  ] as const)('a round and a decision waiting for a login are %s', async (_name, loginBeforeLeading, expected) => {
    const instanceId = await queuedRound();
    await waitForLogin(db, instanceId, { code: LOGIN_REQUIRED });
    const decisionId = await decisionOnServerRound('waiting-login');
    const r = start();
    if (loginBeforeLeading) await r.loginChanged();
    await settle(200);
    expect(requests).toEqual([]);

    lead();
    await firstPullDone();
    await eventually(async () => {
      expect(await syncState(instanceId)).toBe(expected);
      expect(await decisionState(decisionId)).toBe(expected);
    });
    await settle(300);
    expect(await syncState(instanceId)).toBe(expected);
    expect(sends()).toBe(loginBeforeLeading ? 1 : 0);
    expect(await held(instanceId)).toBe(loginBeforeLeading ? 1 : 0);
    expect(decisionPosts()).toBe(loginBeforeLeading ? 1 : 0);
    expect(await decidedOnServer(decisionId)).toBe(loginBeforeLeading);
  });

  it('an online event pulls and sends what waited for the network', async () => {
    net.onLine = false;
    const instanceId = await queuedRound();
    const decisionId = await decisionOnServerRound('queued');
    start();
    lead();
    await eventually(() => expect(onlineListeners.size).toBe(1));
    await settle(300);
    expect(requests).toEqual([]);
    expect(await syncState(instanceId)).toBe('queued');

    net.onLine = true;
    events.dispatchEvent(new Event('online'));
    await eventually(async () => {
      expect(await syncState(instanceId)).toBe('sent');
      expect(await decisionState(decisionId)).toBe('sent');
    });
    await firstPullDone();
    expect(await held(instanceId)).toBe(1);
    expect(await decidedOnServer(decisionId)).toBe(true);
  });

  it('retry() queues a round in error again and the leader sends it', async () => {
    const instanceId = await queuedRound();
    const sending = await startSend(db, instanceId);
    await failBeforeSend(db, instanceId, sending?.sendRev ?? -1, { code: 'http', status: 502 });
    const r = start();
    lead();
    await firstPullDone();
    await settle(300);
    expect(await syncState(instanceId)).toBe('error');
    expect(sends()).toBe(0);

    await r.retry(instanceId);
    await eventually(async () => expect(await syncState(instanceId)).toBe('sent'));
    expect(sends()).toBe(1);
    expect(await held(instanceId)).toBe(1);
  });
});

describe('stop() stops the replication', () => {
  it('leaves no pull, send, timer or listener behind, and may be called twice', async () => {
    // the pulls the stop cuts short warn that they could not load
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const r = start(100);
    lead();
    await firstPullDone();
    // the timer pulls again (and would go on)
    await eventually(() => expect(pulls()).toBeGreaterThanOrEqual(3));
    r.stop();
    r.stop();
    const before = [...requests];
    expect(onlineListeners.size).toBe(0);

    events.dispatchEvent(new Event('online'));
    const instanceId = await queuedRound();
    await r.refresh();
    await r.flush();
    await r.loginChanged();
    await settle(500);
    expect(requests).toEqual(before);
    expect(await syncState(instanceId)).toBe('queued');
  });

  const recoverSubmissions = SubmitQueue.prototype.recover;
  const recoverDecisions = DecisionQueue.prototype.recover;
  it.each<[string, () => void]>([
    ['while another tab leads', () => handle?.stop()],
    ['while it discards a logged-out user’s data', () => (hooks.onDiscard = () => handle?.stop())],
    [
      'while it recovers the submissions',
      () =>
        vi.spyOn(SubmitQueue.prototype, 'recover').mockImplementationOnce(function (this: SubmitQueue) {
          handle?.stop();
          return recoverSubmissions.call(this);
        }),
    ],
    [
      'while it recovers the decisions',
      () =>
        vi.spyOn(DecisionQueue.prototype, 'recover').mockImplementationOnce(function (this: DecisionQueue) {
          handle?.stop();
          return recoverDecisions.call(this);
        }),
    ],
  ])('also %s: nothing starts afterwards', async (_name, stopThere) => {
    const instanceId = await queuedRound();
    const decisionId = await decisionOnServerRound('queued');
    const r = start(50);
    await r.loginChanged();
    await settle(100);
    stopThere();
    lead();
    await settle(800);
    expect(requests).toEqual([]);
    expect(onlineListeners.size).toBe(0);
    expect(await syncState(instanceId)).toBe('queued');
    expect(await decisionState(decisionId)).toBe('queued');
  });
});

describe('one pull and one drain at a time', () => {
  /** The pull log without the pulls' numbers: `pull start`, `pull start forced`, `pull end`. */
  const pullLog = () => hooks.log.filter((e) => e.startsWith('pull ')).map((e) => e.replace(/^pull \d+/, 'pull'));
  const pullsUnderWay = () =>
    pullLog().filter((e) => e.startsWith('pull start')).length - pullLog().filter((e) => e === 'pull end').length;
  /** Whether the ask's promise resolved after a pull that began after the ask had ended. */
  const answeredByLaterPull = (ask: string): boolean => {
    const asked = hooks.log.indexOf(`ask ${ask}`);
    const answered = hooks.log.indexOf(`done ${ask}`);
    return hooks.log.some((entry, i) => {
      const started = /^pull (\d+) start/.exec(entry);
      const ended = started ? hooks.log.indexOf(`pull ${started[1]} end`) : -1;
      return asked >= 0 && i > asked && ended > i && answered > ended;
    });
  };
  /** The most pulls that ran at once. */
  const peakPulls = () =>
    pullLog().reduce(
      (acc, e) => {
        const now = acc.now + (e === 'pull end' ? -1 : 1);
        return { now, peak: Math.max(acc.peak, now) };
      },
      { now: 0, peak: 0 },
    ).peak;
  /** Leads, lets the first pull end, and forgets its requests. */
  const leadAndSettle = async (): Promise<ReplicationHandle> => {
    const r = start();
    lead();
    await firstPullDone();
    await eventually(() => expect(pullsUnderWay()).toBe(0));
    hooks.log = [];
    requests = [];
    return r;
  };
  /** Holds every pull before its first request until the returned function is called. */
  const holdPulls = (): (() => void) => {
    let release = () => undefined as void;
    hooks.pullGate = new Promise<void>((resolve) => (release = resolve));
    return release;
  };

  it('three refresh() at once make two /sync-state requests, and each resolves after a pull begun after it', async () => {
    const r = await leadAndSettle();
    const asks = ['1', '2', '3'].map((ask) => {
      hooks.log.push(`ask ${ask}`);
      return r.refresh().then(() => hooks.log.push(`done ${ask}`));
    });
    await Promise.all(asks);
    // the first ask starts a pull; the two asked during it share one follow-up
    expect(pulls()).toBe(2);
    expect(peakPulls()).toBe(1);
    expect(['1', '2', '3'].filter((ask) => !answeredByLaterPull(ask))).toEqual([]);
  });

  it('a login during a pull makes the one follow-up pull forced, whatever the asks before and after it say', async () => {
    const r = await leadAndSettle();
    const release = holdPulls();
    // the login is not the first ask waiting: the asks merge, they do not keep the first or the last
    const asks = [r.refresh(), r.refresh(), r.loginChanged(), r.refresh()];
    release();
    await Promise.all(asks);
    expect(pullLog()).toEqual(['pull start', 'pull end', 'pull start forced', 'pull end']);
    // forced: the whole pull ran although the server's token had not changed since the first pull
    expect(requests.filter((q) => q === 'GET /sync-state')).toHaveLength(2);
    expect(requests.filter((q) => q === 'GET /config')).toHaveLength(1);
  });

  it('a burst of state changes of queued rounds makes drains that never overlap, and the last shows every round', async () => {
    await leadAndSettle();
    // the lists a drain loads after sending take long: a second drain beside it would be in flight with it
    delayOf = (request) => (request === 'GET /completed-measure-round' || request === 'GET /measure-round' ? 150 : 0);
    const ids = await Promise.all([queuedRound(), queuedRound(), queuedRound()]);
    await eventually(async () => {
      for (const id of ids) expect(await syncState(id)).toBe('sent');
    });
    await eventually(async () => expect((await db.completedRounds.findByIds(ids).exec()).size).toBe(3));
    await eventually(() => expect(inFlight).toBe(0));
    expect(sends()).toBe(3);
    expect(pulls()).toBe(0);
    expect(peakInFlight.get('GET /completed-measure-round')).toBe(1);
    expect(peakInFlight.get('GET /measure-round')).toBe(1);
  });

  it('stop() during a pull with a follow-up asked starts no follow-up, and both asks resolve', async () => {
    // the pull the stop cuts short warns that it could not load
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const r = await leadAndSettle();
    const release = holdPulls();
    const asks = [r.refresh(), r.refresh()];
    r.stop();
    release();
    await Promise.all(asks);
    await settle(300);
    expect(pullLog()).toEqual(['pull start', 'pull end']);
    expect(requests).toEqual([]);
  });
});
