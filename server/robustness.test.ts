import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureRound, MeasureRoundPost } from '../schemas/api';
import { startServer, type RunningServer, type ServerOptions } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { testEndpoint } from './http/faults';

const dir = mkdtempSync(join(tmpdir(), 'server-robust-'));
const staticDir = join(dir, 'dist');
let dbOptions: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>;
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;

beforeAll(async () => {
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.info(1)');
  dbOptions = await testDatabaseOptions(join(dir, 'data'));
  server = await startServer({ port: 0, ...dbOptions, staticDir, faultInjection: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) =>
  (await server.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
let minute = 0;
function submission(tsId = '2001-W', staNumber = '2001', value = 1680): MeasureRoundPost {
  // every submission at its own time, so values of different tests never meet at one (tsId, dt)
  const dt = new Date(Date.parse('2026-06-01T10:00:00Z') + (minute += 2) * 60_000).toISOString();
  return {
    instanceId: crypto.randomUUID(),
    creationTime: dt,
    entries: [{ tsId, staNumber, dt, value }],
  } as MeasureRoundPost;
}
const fault = (f: object) => testEndpoint(server, 'faults', json(f));

describe('submissions are stored exactly once', () => {
  it('stores one submission when eight copies of it arrive at the same time', async () => {
    const body = submission();
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${API()}/measure-round/1`, json(body))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const results = (await Promise.all(answers.map((r) => r.json()))) as { duplicate: boolean; valueCount: number }[];
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.every((r) => r.valueCount === 1)).toBe(true);
    expect(await count('select count(*)::int as n from submission where instance_id = $1', [body.instanceId])).toBe(1);
    expect(await count('select count(*)::int as n from historic_value where instance_id = $1', [body.instanceId])).toBe(
      1,
    );
  });

  it('answers 409 when an instanceId already submitted to one round is posted to another', async () => {
    const body = submission();
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const res = await fetch(
      `${API()}/measure-round/2`,
      json({ ...body, entries: [{ ...body.entries[0], tsId: '3001-Q', staNumber: '3001' }] }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'instanceId' });
    expect(
      await count("select count(*)::int as n from historic_value where ts_id = '3001-Q' and instance_id = $1", [
        body.instanceId,
      ]),
    ).toBe(0);
  });

  it('still answers a re-send as duplicate after the round lost one of its timeseries', async () => {
    const body = submission('2002-W', '2002', 1690);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const [row] = await server.db.query<{ position: number; definition: object }>(
      "select position, definition from round_entry where mr_id = '1' and ts_id = '2002-W'",
    );
    await server.db.query("delete from round_entry where mr_id = '1' and ts_id = '2002-W'");
    try {
      const again = await fetch(`${API()}/measure-round/1`, json(body));
      expect(await again.json()).toMatchObject({ duplicate: true, valueCount: 1 });
    } finally {
      await server.db.query(
        "insert into round_entry (mr_id, ts_id, position, definition) values ('1', '2002-W', $1, $2)",
        [row?.position, JSON.stringify(row?.definition)],
      );
    }
  });

  it('lets exactly one of two deciders posting decision 1 at once win; the other gets 409', async () => {
    const body = submission('2103-VB1', '2103', 2);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const decide = (team: string) =>
      fetch(
        `${API()}/completed-measure-round/${body.instanceId}`,
        json({ stage: 1, team, decisions: [{ tsId: '2103-VB1', value: 'NOT_CRITICAL' }] }),
      );
    const statuses = (await Promise.all([decide('A'), decide('B'), decide('C')])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
  });
});

describe('fault injection: lost connections', () => {
  it("'drop' closes the connection before the request is handled: nothing is stored", async () => {
    const body = submission();
    await fault({ method: 'POST', pathPattern: '/measure-round/1$', status: 'drop', times: 1 });
    await expect(fetch(`${API()}/measure-round/1`, json(body))).rejects.toThrow();
    expect(await count('select count(*)::int as n from submission where instance_id = $1', [body.instanceId])).toBe(0);
    const log = (await (await testEndpoint(server, 'requests')).json()) as {
      method: string;
      status: number | string;
    }[];
    expect(log.at(-1)).toMatchObject({ method: 'POST', status: 'dropped' });
  });

  it("'drop-after' stores the submission but loses the answer; the client's re-send is a duplicate", async () => {
    const body = submission();
    await fault({ method: 'POST', pathPattern: '/measure-round/1$', status: 'drop-after', times: 1 });
    await expect(fetch(`${API()}/measure-round/1`, json(body))).rejects.toThrow();
    expect(await count('select count(*)::int as n from submission where instance_id = $1', [body.instanceId])).toBe(1);
    expect(await (await fetch(`${API()}/measure-round/1`, json(body))).json()).toMatchObject({ duplicate: true });
    expect(await count('select count(*)::int as n from historic_value where instance_id = $1', [body.instanceId])).toBe(
      1,
    );
  });

  it("'slow' answers normally, only after the delay", async () => {
    await fault({ pathPattern: '/discharge-meters$', status: 'slow', delayMs: 400, times: 1 });
    const started = Date.now();
    expect((await fetch(`${API()}/discharge-meters`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const log = (await (await testEndpoint(server, 'requests')).json()) as { path: string; status: number | string }[];
    expect(log.at(-1)).toMatchObject({ status: 200 });
  });

  it('applies a fault the queued number of times, and DELETE clears the queue', async () => {
    await fault({ pathPattern: '/discharge-meters$', status: 500, times: 2 });
    expect((await fetch(`${API()}/discharge-meters`)).status).toBe(500);
    expect((await fetch(`${API()}/discharge-meters`)).status).toBe(500);
    expect((await fetch(`${API()}/discharge-meters`)).status).toBe(200);
    await fault({ pathPattern: '/info$', status: 503, times: 5 });
    await testEndpoint(server, 'faults', { method: 'DELETE' });
    expect((await fetch(`${API()}/info`)).status).toBe(200);
  });

  it('rejects a malformed fault with 400 naming the field', async () => {
    const res = await fault({ pathPattern: '/info', status: 200 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'status' });
  });
});

describe('body limits', () => {
  const chunked = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new Uint8Array(1024 * 1024).fill(0x20);
        for (let sent = 0; sent < bytes; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });

  it('refuses a chunked JSON body over 5 MB with 413 while it streams, and stores nothing', async () => {
    const before = await count('select count(*)::int as n from submission');
    const res = await fetch(`${API()}/measure-round/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(6 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ field: 'body' });
    expect(await count('select count(*)::int as n from submission')).toBe(before);
  });

  it('refuses an image over 15 MB with 413', async () => {
    const q = new URLSearchParams({ dt: '2026-06-01T10:00:00.000Z', staNumber: '2001', tsId: '2001-W' });
    const res = await fetch(`${API()}/measure-round/1/image/too-big?${q.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body: chunked(16 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await count("select count(*)::int as n from image where image_id = 'too-big'")).toBe(0);
  });

  it('refuses an image for a timeseries that is not in the round with 400 naming tsId', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const q = new URLSearchParams({ dt: '2026-06-01T10:00:00.000Z', staNumber: '3001', tsId: '3001-Q' });
    const res = await fetch(`${API()}/measure-round/1/image/wrong-round?${q.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'tsId' });
  });
});

describe('ETag revalidation', () => {
  it.each([
    ['a weak tag', (tag: string) => `W/${tag}`],
    ['a list of tags', (tag: string) => `"old", ${tag}`],
    ['*', () => '*'],
  ])('answers 304 to If-None-Match with %s', async (_name, header) => {
    const tag = (await fetch(`${API()}/measure-documents`)).headers.get('ETag') ?? '';
    expect((await fetch(`${API()}/measure-documents`, { headers: { 'If-None-Match': header(tag) } })).status).toBe(304);
  });

  it('answers 200 to a stale tag', async () => {
    expect((await fetch(`${API()}/measure-documents`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });
});

describe('serving the built app', () => {
  it('serves index.html for client routes, with no-cache', async () => {
    const res = await fetch(`${server.url}/stations/Talsperren/2026-06-01`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('serves sw.js with no-cache and hashed assets as immutable', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('Cache-Control')).toBe('no-cache');
    expect(sw.headers.get('Content-Type')).toContain('javascript');
    expect((await fetch(`${server.url}/assets/app-1234.js`)).headers.get('Cache-Control')).toContain('immutable');
  });

  it('answers a missing asset and an unknown API call with a JSON 404, not the app', async () => {
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
    const api = await fetch(`${API()}/no-such-call`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: expect.stringContaining('no-such-call') });
  });

  it('does not serve files outside the static directory', async () => {
    const res = await fetch(`${server.url}/..%2F..%2Fpackage.json`);
    expect(await res.text()).not.toContain('"dependencies"');
  });
});

describe('restart', () => {
  it('keeps submitted data and neither migrates nor seeds twice', async () => {
    const body = submission();
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const before = {
      rounds: await count('select count(*)::int as n from measure_round'),
      values: await count('select count(*)::int as n from historic_value'),
    };
    await server.close();
    server = await startServer({ port: 0, ...dbOptions, staticDir, faultInjection: true });
    expect(await count('select count(*)::int as n from measure_round')).toBe(before.rounds);
    expect(await count('select count(*)::int as n from historic_value')).toBe(before.values);
    expect(await count('select count(*)::int as n from schema_migrations')).toBeGreaterThan(0);
    expect(await (await fetch(`${API()}/measure-round/1`, json(body))).json()).toMatchObject({ duplicate: true });
  });
});

describe('scale-out', () => {
  it.runIf(process.env.TEST_PG_URL)(
    'lets two servers starting at once on one fresh PostgreSQL database migrate and seed it once',
    async () => {
      const shared = await testDatabaseOptions(join(dir, 'shared'));
      const [a, b] = await Promise.all([startServer({ port: 0, ...shared }), startServer({ port: 0, ...shared })]);
      try {
        const rounds = await a.db.query<{ n: number }>('select count(*)::int as n from measure_round');
        const migrations = await a.db.query<{ id: number }>('select id from schema_migrations order by id');
        expect(rounds[0]?.n).toBe(3);
        expect(new Set(migrations.map((m) => m.id)).size).toBe(migrations.length);
        expect((await fetch(`${b.url}/hwe-api/v2/measure-round`)).status).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
});

describe('history of an entry after a submission', () => {
  it('makes the new value last, keeps min/max excluding it, lists it as same-day and shows the station remark', async () => {
    const dt = new Date(Date.now() - 1000).toISOString();
    const body = {
      instanceId: crypto.randomUUID(),
      creationTime: dt,
      entries: [{ tsId: '2005-W', staNumber: '2005', dt, value: 1704.5, staRemark: { text: 'Schacht nass' } }],
    };
    const before = (await (await fetch(`${API()}/measure-round/1`)).json()) as MeasureRound;
    const old = before.entries.find((e) => e.tsId === '2005-W');
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const round = (await (await fetch(`${API()}/measure-round/1`)).json()) as MeasureRound;
    const entry = round.entries.find((e) => e.tsId === '2005-W');
    expect(entry?.last).toEqual({ dt: new Date(dt).toISOString(), value: 1704.5 });
    expect(entry?.max).toBe(1704.5);
    expect(entry?.maxExcludingLast).toBe(old?.max);
    expect(entry?.minExcludingLast).toBe(old?.min);
    expect(entry?.sameDay).toContainEqual({ dt: new Date(dt).toISOString(), value: 1704.5 });
    expect(entry?.staRemarks).toContainEqual(expect.objectContaining({ text: 'Schacht nass' }));
  });
});

describe('image formats', () => {
  it('accepts an AVIF photo (sharp reports it as HEIF with AV1) and a WebP photo', async () => {
    const q = new URLSearchParams({ dt: '2026-06-01T10:00:00.000Z', staNumber: '2001', tsId: '2001-W' });
    const make = sharp({ create: { width: 16, height: 16, channels: 3, background: '#36a' } });
    for (const [id, data] of [
      ['fmt-avif', await make.clone().avif().toBuffer()],
      ['fmt-webp', await make.clone().webp().toBuffer()],
    ] as const) {
      const res = await fetch(`${API()}/measure-round/1/image/${id}?${q.toString()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: new Uint8Array(data),
      });
      expect(await res.json()).toEqual({ imageId: id, duplicate: false });
    }
  });
});
