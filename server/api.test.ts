import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureRound, MeasureRoundPost } from '../schemas/api';
import { startServer, type RunningServer } from './app';
import { checkingFetch, contractChecker } from '../test/support/server/openapi-contract';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { testEndpoint } from './http/faults';

const dir = mkdtempSync(join(tmpdir(), 'server-test-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;

// Every answer of the API in this file is checked against the OpenAPI description the server serves.
const contractProblems: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)), faultInjection: true });
  const document = (await (await realFetch(`${API()}/openapi.json`)).json()) as object;
  globalThis.fetch = checkingFetch(contractChecker(document), API, contractProblems, realFetch);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(contractProblems).toEqual([]);
});

const post = (path: string, body: unknown) =>
  fetch(`${API()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const countValues = async () =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from historic_value'))[0]?.n ?? 0;
const countSubmissions = async () =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from submission'))[0]?.n ?? 0;

function validPost(over: Partial<MeasureRoundPost> = {}): MeasureRoundPost {
  return {
    $type: 'MeasureRoundPost',
    instanceId: crypto.randomUUID(),
    creationTime: '2026-11-23T08:00:00.000Z',
    entries: [
      {
        staNumber: '2001',
        tsId: '2001-W',
        dt: '2026-11-23T12:00:00.000+01:00',
        value: 1680.25,
        valueAfter: { dt: '2026-11-23T12:01:00.000+01:00', value: 1680.3 },
      },
    ],
    ...over,
  } as MeasureRoundPost;
}

describe('demo data and reading calls', () => {
  it('lists three rounds with a Date header', async () => {
    const res = await fetch(`${API()}/measure-round`);
    expect(res.headers.get('Date')).toBeTruthy();
    const rounds = (await res.json()) as { mrName: string }[];
    expect(rounds.map((r) => r.mrName)).toEqual([
      'Talsperre Gepatsch Kontrollgang',
      'Quellen Kaunertal',
      'Meteo Kaunertal',
    ]);
  });

  it('gives the dam round 30+ stations, obligatory and optional, with every input type and history', async () => {
    const round = (await (await fetch(`${API()}/measure-round/1`)).json()) as MeasureRound;
    expect(new Set(round.entries.map((e) => e.staNumber)).size).toBeGreaterThanOrEqual(30);
    expect(round.entries.some((e) => e.staOrdinal === undefined)).toBe(true);
    expect(round.entries.some((e) => e.staSubOrdinal === 2)).toBe(true);
    const units = new Set(round.entries.map((e) => e.tsUnit));
    for (const u of ['l/s', 'l/min', 'nein/unverändert/Ereignis', 'nein/ja']) expect(units).toContain(u);
    expect(round.entries.some((e) => e.tsFormula)).toBe(true);
    expect(round.entries.some((e) => /^\d+-null$/.test(e.tsId))).toBe(true);
    expect(round.entries.some((e) => /-VB\d+$/.test(e.tsId))).toBe(true);
    const piezo = round.entries.find((e) => e.tsId === '2001-W');
    expect(piezo?.last?.value).toEqual(expect.any(Number));
    expect(piezo?.min).toBeLessThanOrEqual(piezo?.max ?? 0);
  });

  it('answers config with no-cache and info with version and user', async () => {
    const res = await fetch(`${API()}/config`);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(((await res.json()) as { defaultTime: string }).defaultTime).toBe('12:00');
    expect(await (await fetch(`${API()}/info`)).json()).toMatchObject({
      apiVersion: 'v2',
      username: 'demo',
      isAdmin: true,
    });
  });

  it('answers 404 for an unknown round and an unknown call', async () => {
    expect((await fetch(`${API()}/measure-round/999`)).status).toBe(404);
    expect((await fetch(`${API()}/nothing-here`)).status).toBe(404);
  });

  it('returns 60 days of values for up to 32 timeseries', async () => {
    const res = await fetch(`${API()}/timeseries-values?tsId=2001-W&tsId=3001-Q&remarks=true`);
    const { values } = (await res.json()) as { values: { tsId: string }[] };
    expect(values.filter((v) => v.tsId === '2001-W').length).toBeGreaterThanOrEqual(60);
    expect(values.filter((v) => v.tsId === '3001-Q').length).toBeGreaterThanOrEqual(60);
  });
});

describe('POST /measure-round/{mrId}', () => {
  it('stores the values and valueAfter, and a repeated instanceId only once', async () => {
    const body = validPost();
    const first = await post('/measure-round/1', body);
    expect(await first.json()).toEqual({ instanceId: body.instanceId, valueCount: 2, duplicate: false });
    const valuesAfterFirst = await countValues();
    const again = await post('/measure-round/1', body);
    expect(await again.json()).toEqual({ instanceId: body.instanceId, valueCount: 2, duplicate: true });
    expect(await countValues()).toBe(valuesAfterFirst);
    const { values } = (await (await fetch(`${API()}/timeseries-values?tsId=2001-W`)).json()) as {
      values: { dt: string; value: number }[];
    };
    expect(values.filter((v) => v.dt === '2026-11-23T11:00:00.000Z')).toEqual([
      expect.objectContaining({ value: 1680.25 }),
    ]);
    expect(values.filter((v) => v.dt === '2026-11-23T11:01:00.000Z')).toEqual([
      expect.objectContaining({ value: 1680.3 }),
    ]);
  });

  const good = validPost().entries[0];
  const BAD: [string, string, unknown, string][] = [
    ['not JSON', '/measure-round/1', '{"entries":', 'body'],
    ['no instanceId', '/measure-round/1', { ...validPost(), instanceId: undefined }, 'instanceId'],
    ['instanceId not a UUID', '/measure-round/1', validPost({ instanceId: 'abc' }), 'instanceId'],
    [
      'creationTime not a date',
      '/measure-round/1',
      validPost({ creationTime: 'yesterday' as MeasureRoundPost['creationTime'] }),
      'creationTime',
    ],
    ['entries missing', '/measure-round/1', { ...validPost(), entries: undefined }, 'entries'],
    ['entries not a list', '/measure-round/1', { ...validPost(), entries: {} }, 'entries'],
    [
      'value is text',
      '/measure-round/1',
      validPost({ entries: [{ ...good, value: '12' as unknown as number }] as MeasureRoundPost['entries'] }),
      'entries.0.value',
    ],
    [
      'dt missing',
      '/measure-round/1',
      validPost({ entries: [{ ...good, dt: undefined }] as unknown as MeasureRoundPost['entries'] }),
      'entries.0.dt',
    ],
    [
      'dt without offset',
      '/measure-round/1',
      validPost({ entries: [{ ...good, dt: '2026-11-23T12:00' }] as unknown as MeasureRoundPost['entries'] }),
      'entries.0.dt',
    ],
    [
      'empty tsId',
      '/measure-round/1',
      validPost({ entries: [{ ...good, tsId: '' }] as unknown as MeasureRoundPost['entries'] }),
      'entries.0.tsId',
    ],
    [
      'tsId of another round',
      '/measure-round/1',
      validPost({ entries: [{ ...good, tsId: '3001-Q' }] as unknown as MeasureRoundPost['entries'] }),
      'entries.0.tsId',
    ],
    [
      'valueAfter without dt',
      '/measure-round/1',
      validPost({ entries: [{ ...good, valueAfter: { value: 1 } }] as unknown as MeasureRoundPost['entries'] }),
      'entries.0.valueAfter.dt',
    ],
    [
      'remark text too long',
      '/measure-round/1',
      validPost({
        entries: [{ ...good, tsRemark: { text: 'x'.repeat(4001) } }] as unknown as MeasureRoundPost['entries'],
      }),
      'entries.0.tsRemark.text',
    ],
    ['mrTeam too long', '/measure-round/1', validPost({ mrTeam: 'x'.repeat(201) }), 'mrTeam'],
    [
      'two values of one timeseries at the same time',
      '/measure-round/1',
      validPost({ entries: [good, { ...good, value: 1 }] as MeasureRoundPost['entries'] }),
      'entries.1.dt',
    ],
    [
      'bad discharge unit',
      '/measure-round/1',
      validPost({
        entries: [
          { ...good, dischargeValue: { key: 'VALUE', value: 1, unit: 'm3/s' } },
        ] as unknown as MeasureRoundPost['entries'],
      }),
      'entries.0.dischargeValue.unit',
    ],
  ];
  it.each(BAD)('rejects %s with 400 naming the field and stores nothing', async (_name, path, body, field) => {
    const [values, submissions] = [await countValues(), await countSubmissions()];
    const res = await post(path, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string; field: string };
    expect(json.field).toBe(field);
    expect(json.message.startsWith(`${field}:`)).toBe(true);
    expect([await countValues(), await countSubmissions()]).toEqual([values, submissions]);
  });

  it('answers 404 for a post to an unknown round and stores nothing', async () => {
    const before = await countValues();
    expect((await post('/measure-round/999', validPost())).status).toBe(404);
    expect(await countValues()).toBe(before);
  });

  it('refuses a body over 5 MB with 413', async () => {
    const res = await post('/measure-round/1', validPost({ mrRemark: 'x'.repeat(6 * 1024 * 1024) }));
    expect(res.status).toBe(413);
  });
});

describe('GET /timeseries-values validation', () => {
  it.each([
    ['no tsId', '', 'tsId'],
    ['33 tsIds', Array.from({ length: 33 }, (_, i) => `tsId=t${i}`).join('&'), 'tsId'],
    ['remarks not boolean', 'tsId=a&remarks=yes', 'remarks'],
    ['from not a timestamp', 'tsId=a&from=monday', 'from'],
  ])('rejects %s', async (_name, query, field) => {
    const res = await fetch(`${API()}/timeseries-values?${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
  });
});

describe('fault injection', () => {
  it('answers the queued status once, then serves normally and logs requests', async () => {
    const q = await testEndpoint(server, 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'GET', pathPattern: '/info$', status: 503, times: 1 }),
    });
    expect(q.status).toBe(200);
    const refused = await fetch(`${API()}/info`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('5');
    expect((await fetch(`${API()}/info`)).status).toBe(200);
    const log = (await (await testEndpoint(server, 'requests')).json()) as { path: string; status: number }[];
    expect(
      log
        .filter((r) => r.path.endsWith('/info'))
        .map((r) => r.status)
        .slice(-2),
    ).toEqual([503, 200]);
  });

  it('refuses every test endpoint without the token (a page the tester visits cannot queue faults)', async () => {
    const wrong = { ...server, faultToken: 'not-the-token' };
    expect(
      (
        await testEndpoint(wrong, 'faults', {
          method: 'POST',
          body: JSON.stringify({ pathPattern: '/info$', status: 503 }),
        })
      ).status,
    ).toBe(403);
    expect((await testEndpoint({ url: server.url }, 'requests')).status).toBe(403);
    expect((await testEndpoint(wrong, 'faults', { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(`${API()}/info`)).status).toBe(200);
  });
});

describe('the OpenAPI contract', () => {
  it('every call of §7 (and the extensions) answers as GET /openapi.json describes', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${API()}${path}`);
      expect(res.status, path).toBeLessThan(300);
      return res.headers.get('Content-Type')?.includes('json') ? ((await res.json()) as unknown) : undefined;
    };
    for (const path of [
      '/config',
      '/info',
      '/discharge-meters',
      '/station-facilities/models',
      '/measure-round',
      '/measure-round/1',
      '/measure-round/1/map/track',
      '/measure-round/1/map/overlay?mapType=osm',
      '/measure-documents',
      '/sync-state',
      '/timeseries-values?tsId=2001-W&remarks=true',
      '/completed-measure-round/timeseries-values?tsId=2001-W',
    ])
      await get(path);
    const permissions = await get('/admin/permissions');
    expect((await post('/admin/permissions', permissions)).status).toBe(200);
    const archive = (await get('/completed-measure-round')) as { instanceId: string }[];
    expect(archive.length).toBeGreaterThan(0);
    await get(`/completed-measure-round/${archive[0]?.instanceId}`);
    expect(await get('/info')).toMatchObject({
      extensions: expect.arrayContaining(['sync-state', 'roles', 'openapi']),
    });
    expect(contractProblems).toEqual([]);
  });
});
