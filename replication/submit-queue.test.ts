import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MeasureRoundPost } from '../schemas/api';
import type { OfflineInstanceDoc } from '../schemas/db/offline-instance-doc';
import type { AppDatabase } from '../src/db/database';
import { memoryDatabase } from '../test/unit/memory-db';
import { readDrafts } from '../src/db/draft-store';
import { queueInstance, reopenInstance } from '../src/db/instance-commands';
import { startSend } from '../src/db/send-commands';
import { ApiClient } from './api-client';
import { errorCode, LOGIN_REQUIRED, SubmitQueue, type BuildPost } from './submit-queue';
import { RETRY_DELAY_MS } from './task-retry';
import { ApiError } from './api-errors';

const instance: OfflineInstanceDoc = {
  instanceId: '0b9f6f0e-1c1d-4a57-9c55-1f7cbe0c1a11',
  mrId: '1',
  mrName: 'Round',
  mode: 'indoor',
  date: '2026-11-23',
  creationTime: '2026-11-23T08:00:00.000Z',
  syncState: 'queued',
  updatedAt: 1,
};

const post = {
  instanceId: instance.instanceId,
  creationTime: instance.creationTime,
  entries: [],
} as unknown as MeasureRoundPost;
const buildPost: BuildPost = () => ({ post });

/** The draft of the instance's first entry. */
const draftDoc = (text: string, updatedAt: number) => ({
  id: `${instance.instanceId}|ts1`,
  instanceId: instance.instanceId,
  tsId: 'ts1',
  text,
  updatedAt,
});

/** A photo of the instance's first entry, not uploaded yet. */
const photoDoc = (createdAt: number) => ({
  id: 'img-1',
  instanceId: instance.instanceId,
  mrId: '1',
  tsId: 'ts1',
  staNumber: '100',
  tsParameter: 'W',
  dt: '2026-11-23T10:00:00.000Z',
  width: 4,
  height: 3,
  uploaded: false,
  createdAt,
});

/** A fake server answering with the given statuses in turn, recording every POST body. */
function fakeServer(statuses: (number | 'network')[]) {
  const bodies: unknown[] = [];
  const fetchFn = (async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const status = statuses.shift() ?? 200;
    if (status === 'network') throw new TypeError('Failed to fetch');
    return status === 200
      ? Response.json({ instanceId: instance.instanceId, valueCount: 3, duplicate: false })
      : new Response('{"message":"boom"}', { status });
  }) as typeof fetch;
  return { bodies, api: new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn) };
}

describe('SubmitQueue', () => {
  let db: AppDatabase;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  beforeEach(async () => {
    db = await memoryDatabase();
    sleeps.length = 0;
    await db.rounds.insert({ mrId: '1', mrName: 'Round', mrVersion: 'x', entries: [], fetchedAt: 1 });
    await db.offlineInstances.insert(instance);
    await db.drafts.insert(draftDoc('1', 1));
  });
  afterEach(async () => {
    await db.close();
  });

  const state = async () => (await db.offlineInstances.findOne(instance.instanceId).exec())?.toMutableJSON();

  it('marks the instance sent with the server value count', async () => {
    const server = fakeServer([200]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    expect(await state()).toMatchObject({ syncState: 'sent', valueCount: 3 });
    expect(server.bodies).toHaveLength(1);
  });

  it('puts an instance whose post cannot be prepared in error, keeps its drafts and sends the next one', async () => {
    const second = { ...instance, instanceId: '7d2a1c33-9a4e-4d0b-8f5e-2b6c0a9e4f10', updatedAt: 2 };
    await db.offlineInstances.insert(second);
    const server = fakeServer([200]);
    const failingFirst: BuildPost = (i) =>
      i.instanceId === instance.instanceId
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : { post };
    await new SubmitQueue(db, server.api, { buildPost: failingFirst, isOnline: () => true, sleep }).drain();
    expect(await state()).toMatchObject({
      syncState: 'error',
      lastError: { code: 'prepare-failed', detail: expect.stringContaining('dynamically imported') },
    });
    expect(await readDrafts(db, instance.instanceId)).toEqual([{ tsId: 'ts1', text: '1', updatedAt: 1 }]);
    expect((await db.offlineInstances.findOne(second.instanceId).exec())?.syncState).toBe('sent');
  });

  it('retries a failed send once after 5 s and then succeeds', async () => {
    const server = fakeServer([500, 200]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    expect(sleeps).toEqual([RETRY_DELAY_MS]);
    expect(RETRY_DELAY_MS).toBe(5000);
    expect(await state()).toMatchObject({ syncState: 'sent' });
    // both attempts carry the same instanceId, so the server can drop a duplicate
    expect(server.bodies).toEqual([post, post]);
  });

  it('ends in error after the second failure and keeps the drafts', async () => {
    const server = fakeServer([500, 503]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    const s = await state();
    expect(s?.syncState).toBe('error');
    expect(s?.lastError).toMatchObject({ code: 'http', status: 503 });
    expect(await readDrafts(db, instance.instanceId)).toEqual([{ tsId: 'ts1', text: '1', updatedAt: 1 }]);
    expect(server.bodies).toHaveLength(2);
  });

  it('logs every try with its step, HTTP status and error for support', async () => {
    const server = fakeServer([500, 'network', 200]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    expect((await state())?.attemptLog?.[0]).toMatchObject({ step: 'values', attempt: 1, ok: false, status: 500 });
    expect((await state())?.attemptLog?.[0]?.error).toContain('boom');
    expect((await state())?.syncState).toBe('error');
    await queueInstance(db, instance.instanceId);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    const log = (await state())?.attemptLog ?? [];
    expect(log.map((a) => [a.step, a.attempt, a.ok, a.status])).toEqual([
      ['values', 1, false, 500],
      ['values', 2, false, undefined],
      ['values', 1, true, undefined],
      ['images', 1, true, undefined],
    ]);
  });

  it('does not retry a request the server rejected as invalid', async () => {
    const server = fakeServer([400]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep }).drain();
    expect(await state()).toMatchObject({ syncState: 'error' });
    expect(sleeps).toEqual([]);
  });

  it('waits while offline and leaves the instance queued', async () => {
    const server = fakeServer([200]);
    await new SubmitQueue(db, server.api, { buildPost, isOnline: () => false, sleep }).drain();
    expect(await state()).toMatchObject({ syncState: 'queued' });
    expect(server.bodies).toHaveLength(0);
  });

  it('keeps the instance waiting for the network when it drops during the send', async () => {
    let online = true;
    const server = fakeServer(['network']);
    const queue = new SubmitQueue(db, server.api, {
      buildPost: (...args) => {
        online = false;
        return buildPost(...args);
      },
      isOnline: () => online,
      sleep,
    });
    await queue.drain();
    expect(await state()).toMatchObject({ syncState: 'waiting-network', lastError: { code: 'network' } });
  });

  it('reports build errors without sending, as a reason code with parameters the UI translates', async () => {
    const server = fakeServer([]);
    await new SubmitQueue(db, server.api, {
      buildPost: () => ({
        errors: [
          { kind: 'dateTimeMissing', staName: 'Pegel Nord', staNumber: '1001', tsParameter: 'W' },
          { kind: 'mrIdRequired' },
        ],
      }),
      isOnline: () => true,
      sleep,
    }).drain();
    expect(await state()).toMatchObject({
      syncState: 'error',
      lastError: {
        code: 'not-buildable',
        detail: 'Date/time missing: Pegel Nord (1001), W\nmrId is required',
        params: { kind: 'dateTimeMissing', staName: 'Pegel Nord', staNumber: '1001', tsParameter: 'W', more: 1 },
      },
    });
    expect(server.bodies).toHaveLength(0);
  });

  it('schema-checks every post before sending (§5): a meteo post the schema refuses stays here, naming the field', async () => {
    const server = fakeServer([]);
    const tooLong = {
      ...post,
      entries: [{ staNumber: '100', tsId: 'ts1', tsParameter: 'N', dt: '2026-11-23T12:00:00.000+01:00', value: 'x' }],
    } as unknown as MeasureRoundPost;
    await new SubmitQueue(db, server.api, {
      buildPost: () => ({ post: tooLong }),
      isOnline: () => true,
      sleep,
    }).drain();
    expect(await state()).toMatchObject({
      syncState: 'error',
      lastError: { code: 'invalid-post', field: 'entries.0.value' },
    });
    expect(server.bodies).toHaveLength(0);
    expect(await readDrafts(db, instance.instanceId)).toEqual([{ tsId: 'ts1', text: '1', updatedAt: 1 }]);
  });

  it('uploads each photo once under its image id, after the values', async () => {
    const photo = await db.photos.insert(photoDoc(1));
    await photo.putAttachment({
      id: 'image',
      data: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      type: 'image/jpeg',
    });
    const urls: string[] = [];
    const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
      urls.push(`${init?.method} ${String(url)}`);
      // the first image upload fails, the retry succeeds
      if (String(url).includes('/image/') && urls.filter((u) => u.includes('/image/')).length === 1)
        return new Response('x', { status: 502 });
      return Response.json({ instanceId: instance.instanceId, valueCount: 1, duplicate: false });
    }) as typeof fetch;
    const api = new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn);
    let photoIds: ReadonlyMap<string, string[]> = new Map();
    const queue = new SubmitQueue(db, api, {
      buildPost: (inst, round, ctx) => {
        photoIds = ctx.photoIdsByTsId;
        return buildPost(inst, round, ctx);
      },
      isOnline: () => true,
      sleep,
    });
    await queue.drain();
    expect(photoIds.get('ts1')).toEqual(['img-1']);
    expect(urls[0]).toBe('POST http://srv/hwe-api/v2/measure-round/1');
    expect(urls.slice(1)).toEqual([
      'POST http://srv/hwe-api/v2/measure-round/1/image/img-1?dt=2026-11-23T10%3A00%3A00.000Z&staNumber=100&tsParameter=W&tsId=ts1',
      'POST http://srv/hwe-api/v2/measure-round/1/image/img-1?dt=2026-11-23T10%3A00%3A00.000Z&staNumber=100&tsParameter=W&tsId=ts1',
    ]);
    expect((await db.photos.findOne('img-1').exec())?.uploaded).toBe(true);
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });

  it('queues again an instance left sending by a closed tab', async () => {
    await startSend(db, instance.instanceId);
    const server = fakeServer([200]);
    const queue = new SubmitQueue(db, server.api, { buildPost, isOnline: () => true, sleep });
    await queue.recover();
    expect(await state()).toMatchObject({ syncState: 'queued' });
    await queue.drain();
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });
});

describe('posting order', () => {
  it('sends values before images on wiski servers and by default (§7)', async () => {
    const { postingOrder } = await import('./posting-order');
    expect(postingOrder('wiski')).toEqual(['values', 'images']);
    expect(postingOrder(undefined)).toEqual(['values', 'images']);
    expect(postingOrder('unknown-type')).toEqual(['values', 'images']);
  });
});

describe('login required', () => {
  it('keeps a submission queued on 401 without retrying, and sends it after a login', async () => {
    const db = await memoryDatabase();
    try {
      await db.rounds.insert({ mrId: '1', mrName: 'Round', mrVersion: 'x', entries: [], fetchedAt: 1 });
      await db.offlineInstances.insert(instance);
      const statuses = [401, 200];
      let calls = 0;
      const fetchFn = (async () => {
        calls++;
        const status = statuses.shift() ?? 200;
        return status === 200
          ? Response.json({ instanceId: instance.instanceId, valueCount: 1, duplicate: false })
          : new Response('{"message":"Authorization: a bearer token is required"}', { status });
      }) as typeof fetch;
      const api = new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn);
      const sleeps: number[] = [];
      const queue = new SubmitQueue(db, api, {
        buildPost,
        isOnline: () => true,
        sleep: async (ms) => void sleeps.push(ms),
      });
      await queue.drain();
      await queue.drain();
      const waiting = (await db.offlineInstances.findOne(instance.instanceId).exec())?.toMutableJSON();
      expect(waiting).toMatchObject({ syncState: 'waiting-login', lastError: { code: LOGIN_REQUIRED } });
      expect([calls, sleeps.length]).toEqual([1, 0]);
      await queue.loginChanged();
      expect((await db.offlineInstances.findOne(instance.instanceId).exec())?.syncState).toBe('sent');
    } finally {
      await db.close();
    }
  });
});

describe('lifecycle of a send', () => {
  let db: AppDatabase;
  const sleep = async () => undefined;
  beforeEach(async () => {
    db = await memoryDatabase();
    await db.rounds.insert({ mrId: '1', mrName: 'Round', mrVersion: 'x', entries: [], fetchedAt: 1 });
    await db.offlineInstances.insert({ ...instance, owner: 'anna' });
  });
  afterEach(async () => {
    await db.close();
  });
  const state = async () => (await db.offlineInstances.findOne(instance.instanceId).exec())?.toMutableJSON();
  const info = (extensions: string[], username = 'anna') =>
    db.reference.upsert({
      key: 'serverInfo',
      data: { version: '1', apiVersion: '2', isAdmin: false, username, extensions },
      fetchedAt: 1,
    });
  const valuePost = (value: number) =>
    ({
      ...post,
      entries: [{ staNumber: '100', tsId: 'ts1', dt: '2026-11-23T10:00:00.000Z', value }],
    }) as unknown as MeasureRoundPost;

  /** A server that answers each POST with `answer` and lets the test act while a POST is in flight. */
  function server(answer: (body: MeasureRoundPost) => Response, during?: () => Promise<void>) {
    const bodies: MeasureRoundPost[] = [];
    const fetchFn = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as MeasureRoundPost;
      bodies.push(body);
      if (bodies.length === 1) await during?.();
      return answer(body);
    }) as typeof fetch;
    return {
      bodies,
      api: new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn),
    };
  }

  it('accepts a 204 without a body as stored and counts the values on the device', async () => {
    await info([]);
    const srv = server(() => new Response(null, { status: 204 }));
    await new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(3.97) }),
      isOnline: () => true,
      sleep,
    }).drain();
    expect(await state()).toMatchObject({ syncState: 'sent', valueCount: 1, storedSubmissionId: instance.instanceId });
  });

  it('"Edit again" while the values are in flight: not marked sent; the edit goes out next as a correction', async () => {
    await info(['corrections']);
    let value = 3.97;
    const srv = server(
      (b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }),
      async () => {
        await reopenInstance(db, instance.instanceId);
        value = 4.47;
      },
    );
    const queue = new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(value) }),
      isOnline: () => true,
      sleep,
    });
    await queue.drain();
    const edited = await state();
    expect(edited).toMatchObject({
      syncState: 'correction',
      corrects: instance.instanceId,
      storedSubmissionId: instance.instanceId,
    });
    expect(edited?.sentAt).toBeUndefined();
    await queueInstance(db, instance.instanceId);
    await queue.drain();
    expect(srv.bodies.map((b) => [b.instanceId === instance.instanceId, b.corrects, b.entries[0]?.value])).toEqual([
      [true, undefined, 3.97],
      [false, instance.instanceId, 4.47],
    ]);
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });

  it("another tab's key stored after the post was built (its check saw the round editable): not marked sent; a correction with it", async () => {
    await info(['corrections']);
    await db.drafts.insert(draftDoc('3,97', 1));
    const srv = server(
      (b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }),
      // the other tab's write itself: its edit check ran before this submit, so nothing refuses it now
      async () => void (await db.drafts.upsert(draftDoc('4,47', 2))),
    );
    const queue = new SubmitQueue(db, srv.api, {
      buildPost: (_i, _r, ctx) => ({ post: valuePost(Number((ctx.drafts[0]?.text ?? '').replace(',', '.'))) }),
      isOnline: () => true,
      sleep,
    });
    await queue.drain();
    const after = await state();
    expect(after).toMatchObject({ syncState: 'correction', corrects: instance.instanceId });
    expect(after?.sentAt).toBeUndefined();
    await queueInstance(db, instance.instanceId);
    await queue.drain();
    expect(srv.bodies.map((b) => [b.corrects, b.entries[0]?.value])).toEqual([
      [undefined, 3.97],
      [instance.instanceId, 4.47],
    ]);
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });

  it.each([
    [
      'a new station task',
      (d: AppDatabase) =>
        d.tasks.insert({
          taskId: 'task-1',
          instanceId: instance.instanceId,
          mrId: '1',
          staNumber: '100',
          taskType: 'OTHER',
          text: 'fence',
          taskDone: false,
          isNew: true,
          creationTime: '2026-11-23T10:00:00.000Z',
          updatedAt: 2,
        }),
    ],
    [
      'a facility change',
      (d: AppDatabase) =>
        d.facilities.insert({
          id: 'fac-1',
          instanceId: instance.instanceId,
          mrId: '1',
          staNumber: '100',
          action: ['EDIT'],
          invalid: false,
          name: 'Pegellatte',
          model: 'Pegel',
          attributes: {},
          stations: ['100'],
          updatedAt: 2,
        }),
    ],
    ['a photo', (d: AppDatabase) => d.photos.insert(photoDoc(2))],
  ])("another tab's %s stored after the post was built: not marked sent, a correction", async (_what, write) => {
    await info(['corrections']);
    const srv = server(
      (b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }),
      async () => void (await write(db)),
    );
    await new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(1) }),
      isOnline: () => true,
      sleep,
    }).drain();
    const after = await state();
    expect(after).toMatchObject({ syncState: 'correction', corrects: instance.instanceId });
    expect(after?.sentAt).toBeUndefined();
  });

  it('a draft the send did not touch changes nothing: the round is sent', async () => {
    await info([]);
    await db.drafts.insert(draftDoc('1', 1));
    const srv = server((b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }));
    await new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(1) }),
      isOnline: () => true,
      sleep,
    }).drain();
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });

  it('a correction after the values were stored and a photo failed goes out under a new id; without the extension it names nothing', async () => {
    await info([]);
    const srv = server((b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }));
    const queue = new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(3.97) }),
      isOnline: () => true,
      sleep,
    });
    const s = await startSend(db, instance.instanceId);
    // as if the values step had succeeded and the photo had failed twice
    const { recordValuesStored, stopSend } = await import('../src/db/send-commands');
    await recordValuesStored(db, instance.instanceId, instance.instanceId, s?.sendRev ?? -1);
    await stopSend(db, instance.instanceId, s?.sendRev ?? -1, 'fail', { code: 'http', status: 502 });
    await reopenInstance(db, instance.instanceId);
    await queueInstance(db, instance.instanceId);
    await queue.drain();
    expect(srv.bodies).toHaveLength(1);
    expect(srv.bodies[0]?.instanceId).not.toBe(instance.instanceId);
    expect(srv.bodies[0]?.corrects).toBeUndefined();
    expect(await state()).toMatchObject({ syncState: 'sent', corrects: instance.instanceId });
  });

  it('answers a 409 (another body under the id) by sending a correction, never by marking it sent', async () => {
    await info(['corrections']);
    const srv = server((b) =>
      b.corrects
        ? Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false })
        : Response.json({ message: 'differs' }, { status: 409 }),
    );
    await new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(4.47) }),
      isOnline: () => true,
      sleep,
    }).drain();
    expect(srv.bodies.map((b) => b.corrects)).toEqual([undefined, instance.instanceId]);
    expect(await state()).toMatchObject({ syncState: 'sent', corrects: instance.instanceId });
  });

  it("waits for its author's login while another user is logged in", async () => {
    await info([], 'bruno');
    const srv = server((b) => Response.json({ instanceId: b.instanceId, valueCount: 1, duplicate: false }));
    const queue = new SubmitQueue(db, srv.api, {
      buildPost: () => ({ post: valuePost(1) }),
      isOnline: () => true,
      sleep,
    });
    await queue.drain();
    expect(await state()).toMatchObject({
      syncState: 'waiting-login',
      lastError: { code: 'owner-login', owner: 'anna' },
    });
    expect(srv.bodies).toHaveLength(0);
    await info([], 'anna');
    await queue.loginChanged();
    expect(await state()).toMatchObject({ syncState: 'sent' });
  });

  it('sends a correction to a spec-only server as a new submission of the changed entries only', async () => {
    await info([]);
    const entry = (tsId: string, value: number) => ({ staNumber: '100', tsId, dt: '2026-11-23T10:00:00.000Z', value });
    let values = [3.97, 12];
    const srv = server((b) =>
      Response.json({ instanceId: b.instanceId, valueCount: b.entries.length, duplicate: false }),
    );
    const queue = new SubmitQueue(db, srv.api, {
      buildPost: () => ({
        post: { ...post, entries: [entry('ts1', values[0] ?? 0), entry('ts2', values[1] ?? 0)] } as MeasureRoundPost,
      }),
      isOnline: () => true,
      sleep,
    });
    await queue.drain();
    await reopenInstance(db, instance.instanceId);
    values = [4.47, 12];
    await queueInstance(db, instance.instanceId);
    await queue.drain();
    expect(srv.bodies.map((b) => [b.corrects, b.entries.map((e) => [e.tsId, e.value])])).toEqual([
      [
        undefined,
        [
          ['ts1', 3.97],
          ['ts2', 12],
        ],
      ],
      [undefined, [['ts1', 4.47]]],
    ]);
    expect(await state()).toMatchObject({ syncState: 'sent', valueCount: 1, corrects: instance.instanceId });
  });
});

describe('errorCode', () => {
  const http = (body: string) => new ApiError('http', '400 Bad Request: x', 400, body);
  it.each<[string, unknown, object]>([
    [
      "the reference server's rule",
      http('{"message":"dt: in the future","code":"date-in-future","params":{"value":"2200-01-01"}}'),
      { code: 'date-in-future', status: 400 },
    ],
    ['a general code', http('{"message":"no","code":"forbidden"}'), { code: 'forbidden', status: 400 }],
    // a newer server's code the app does not know, a server of the specification, a body that is no JSON
    ['an unknown code', http('{"message":"no","code":"moon-phase"}'), { code: 'http', status: 400 }],
    ['a message only', http('{"message":"no"}'), { code: 'http', status: 400 }],
    ['text', http('Bad Request'), { code: 'http', status: 400 }],
    ['401', new ApiError('http', '401', 401, '{"message":"x","code":"login-required"}'), { code: LOGIN_REQUIRED }],
    ['network', new ApiError('network', 'Failed to fetch'), { code: 'network' }],
  ])('%s', (_name, error, expected) => {
    expect(errorCode(error)).toMatchObject({ ...expected, detail: (error as Error).message });
  });

  const posted = [{ tsId: '2001-W' }, { tsId: '2005-E' }];
  it.each<[string, string, object]>([
    [
      'keeps field and params and names the series of the posted entry',
      '{"message":"m","field":"entries.1.value","code":"value-not-allowed","params":{"value":5,"allowed":"0, 1"}}',
      { code: 'value-not-allowed', field: 'entries.1.value', params: { value: 5, allowed: '0, 1' }, tsId: '2005-E' },
    ],
    [
      "the server's tsId param wins",
      '{"message":"m","field":"entries.1.dt","code":"duplicate-time","params":{"tsId":"2001-W","dt":"2026-11-20T11:00:00Z"}}',
      {
        code: 'duplicate-time',
        field: 'entries.1.dt',
        params: { tsId: '2001-W', dt: '2026-11-20T11:00:00Z' },
        tsId: '2001-W',
      },
    ],
    [
      'drops params that are neither text nor number, keeps the rest',
      '{"message":"m","code":"date-invalid","params":{"value":"gestern","nested":{"a":1},"list":[1],"none":null}}',
      { code: 'date-invalid', params: { value: 'gestern' } },
    ],
  ])('%s', (_name, body, expected) => {
    const stored = errorCode(new ApiError('http', '400 Bad Request', 400, body), posted);
    expect(stored).toEqual({ ...expected, status: 400, detail: '400 Bad Request' });
  });
});
