import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, imageStorage, startServer, type RunningServer } from './app';
import { MAX_DECISIONS } from './routes/completed-round';
import { DEFAULT_LIMITS } from './limits';
import { MAX_TASKS_PER_SUBMISSION } from './store/station-changes';
import { testDatabaseOptions } from '../test/support/server/test-database';

/** what a hostile page, an impossible date or a heavy user can (not) do to the server. */
const dir = mkdtempSync(join(tmpdir(), 'server-production-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;
const MAX_UPLOADS_PER_USER_DAY = DEFAULT_LIMITS.uploadsPerUserDay;
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const count = async (sql: string, params: unknown[] = []) =>
  (await server.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const blobFiles = () => {
  const root = join(dir, 'blobs', 'images');
  try {
    return readdirSync(root, { recursive: true }).length;
  } catch {
    return 0;
  }
};
const at = '2026-06-01T10:00:00.000Z';
const post = (extra: Record<string, unknown> = {}, entry: Record<string, unknown> = {}) => ({
  instanceId: crypto.randomUUID(),
  creationTime: at,
  entries: [{ tsId: '2001-W', staNumber: '2001', dt: at, value: 1, ...entry }],
  ...extra,
});
const jpeg = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();

/** A raw request with any Host header (fetch sets its own). */
function withHost(host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('no cross-site writes, no DNS rebinding (login off)', () => {
  it.each([
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['no type', {}],
  ])(
    'refuses a %s POST to /admin/permissions and /measure-round/1 with 415 and stores nothing',
    async (_name, headers: Record<string, string>) => {
      const users = await count('select count(*)::int as n from app_user');
      const submissions = await count('select count(*)::int as n from submission');
      const perm = await fetch(`${API()}/admin/permissions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ roles: [], users: ['mallory'], permissions: [] }),
      });
      expect(perm.status).toBe(415);
      expect(await perm.json()).toMatchObject({
        field: 'Content-Type',
        message: expect.stringContaining('application/json'),
      });
      const round = await fetch(`${API()}/measure-round/1`, { method: 'POST', headers, body: JSON.stringify(post()) });
      expect(round.status).toBe(415);
      expect(await count('select count(*)::int as n from app_user')).toBe(users);
      expect(await count('select count(*)::int as n from submission')).toBe(submissions);
    },
  );

  it('accepts application/json with a charset and +json types', async () => {
    expect(
      (
        await fetch(`${API()}/measure-round/1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(post()),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await fetch(`${API()}/measure-round/1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/vnd.rounds+json' },
          body: JSON.stringify(post()),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a text/plain image upload with 415 and keeps no image', async () => {
    const q = new URLSearchParams({ dt: at, staNumber: '2001', tsId: '2001-W' });
    const res = await fetch(`${API()}/measure-round/1/image/xsite-1?${q.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: new Uint8Array(await jpeg()),
    });
    expect(res.status).toBe(415);
    expect(await count("select count(*)::int as n from image where image_id = 'xsite-1'")).toBe(0);
  });

  it('answers a foreign Host with 421 and localhost with any port', async () => {
    expect(await withHost('evil.example', '/hwe-api/v2/measure-round/1')).toBe(421);
    expect(await withHost('evil.example:80', '/hwe-api/v2/admin/permissions')).toBe(421);
    expect(await withHost('evil.example', '/')).toBe(421);
    expect(await withHost(`localhost:${server.port}`, '/hwe-api/v2/measure-round/1')).toBe(200);
    expect(await withHost('127.0.0.1', '/hwe-api/v2/info')).toBe(200);
    expect(await withHost('[::1]:9', '/hwe-api/v2/info')).toBe(200);
  });

  it('answers the configured hosts and the public address, or any with *', async () => {
    const storage = imageStorage({ dataDir: dir });
    const app = createApp(server.db, {
      storage,
      allowedHosts: ['rounds.example.org'],
      publicUrl: 'https://pub.example.org',
    });
    const status = async (a: ReturnType<typeof createApp>, host: string) =>
      (await a.request('/hwe-api/v2/config', { headers: { Host: host } })).status;
    expect(await status(app, 'rounds.example.org:8443')).toBe(200);
    expect(await status(app, 'pub.example.org')).toBe(200);
    expect(await status(app, 'localhost')).toBe(200);
    expect(await status(app, 'evil.example')).toBe(421);
    expect(await status(createApp(server.db, { storage, allowedHosts: ['*'] }), 'evil.example')).toBe(200);
  });

  it('refuses to listen beyond loopback with login off unless told so', async () => {
    await expect(startServer({ port: 0, host: '0.0.0.0', dataDir: join(dir, 'never') })).rejects.toThrow(
      /ALLOW_LOGIN_OFF_ON_NETWORK/,
    );
  });
});

describe('impossible dates are 400 naming the field, never 500', () => {
  const bad = [
    '2024-02-30T10:00:00Z',
    '2023-02-29T10:00:00Z',
    '2026-06-31T10:00:00Z',
    '2026-06-01T24:00:00Z',
    '2026-06-01T10:60:00Z',
    '2026-06-01T10:00:00+25:00',
  ];

  it.each(bad)('in a submission: reading dt, valueAfter dt and creationTime (%s)', async (date) => {
    const before = await count('select count(*)::int as n from submission');
    for (const [body, field] of [
      [post({}, { dt: date }), 'entries.0.dt'],
      [post({}, { valueAfter: { dt: date, value: 2 } }), 'entries.0.valueAfter.dt'],
      [post({ creationTime: date }), 'creationTime'],
    ] as const) {
      const res = await fetch(`${API()}/measure-round/1`, json(body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
    expect(await count('select count(*)::int as n from submission')).toBe(before);
  });

  it.each(bad.slice(0, 4))('in the queries of archive and history (%s)', async (date) => {
    for (const [path, field] of [
      [`/completed-measure-round?before=${encodeURIComponent(date)}`, 'before'],
      [`/timeseries-values?tsId=2001-W&from=${encodeURIComponent(date)}`, 'from'],
      [`/timeseries-values?tsId=2001-W&to=${encodeURIComponent(date)}`, 'to'],
      [`/completed-measure-round/timeseries-values?tsId=2001-W&from=${encodeURIComponent(date)}`, 'from'],
    ] as const) {
      const res = await fetch(`${API()}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
  });

  it('in an image upload, leaving no blob and no row behind', async () => {
    const blobs = blobFiles();
    for (const date of bad) {
      const q = new URLSearchParams({ dt: date, staNumber: '2001', tsId: '2001-W' });
      const res = await fetch(`${API()}/measure-round/1/image/bad-date?${q.toString()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(await jpeg()),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'dt' });
    }
    expect(await count("select count(*)::int as n from image where image_id = 'bad-date'")).toBe(0);
    expect(blobFiles()).toBe(blobs);
  });

  it('accepts real ones: a leap day, midnight, a half-hour offset', async () => {
    const res = await fetch(
      `${API()}/measure-round/1`,
      json(post({ creationTime: '2024-02-29T23:59:59+05:30' }, { dt: '2024-02-29T00:00:00Z' })),
    );
    expect(res.status).toBe(200);
    expect((await fetch(`${API()}/timeseries-values?tsId=2001-W&from=2024-02-29T00:00:00Z`)).status).toBe(200);
  });
});

describe('bounds on what one request may make the server store', () => {
  const tasks = (n: number, staNumber = '2001') =>
    Array.from({ length: n }, (_, i) => ({
      taskId: `flood-${crypto.randomUUID()}-${i}`,
      taskType: 'Wartung',
      staNumber,
      isNew: true,
      creationTime: '1900-01-01T00:00:00Z',
    }));

  it(`refuses more than ${MAX_TASKS_PER_SUBMISSION} station tasks in one submission with 413 naming the limit`, async () => {
    const before = await count('select count(*)::int as n from station_task');
    const res = await fetch(
      `${API()}/measure-round/1`,
      json(post({}, { staTasks: tasks(MAX_TASKS_PER_SUBMISSION + 1) })),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toContain(String(MAX_TASKS_PER_SUBMISSION));
    expect(await count('select count(*)::int as n from station_task')).toBe(before);
  });

  it("dates new tasks by the server's clock: tasks dated 1900 do not push the station's open task out of the round", async () => {
    expect((await fetch(`${API()}/measure-round/1`, json(post({}, { staTasks: tasks(150) })))).status).toBe(200);
    expect(
      await count(
        "select count(*)::int as n from station_task where task_id like 'flood-%' and creation_time < now() - interval '1 hour'",
      ),
    ).toBe(0);
    const round = (await (await fetch(`${API()}/measure-round/1`)).json()) as {
      entries: { staNumber: string; staTasks: { taskId: string }[] }[];
    };
    const listed = round.entries.find((e) => e.staNumber === '2001')?.staTasks.map((t) => t.taskId) ?? [];
    expect(listed[0]).toBe('demo-task-1');
  });

  it(`refuses more than ${MAX_DECISIONS} decisions in one request with 413`, async () => {
    const res = await fetch(
      `${API()}/completed-measure-round/${crypto.randomUUID()}`,
      json({
        stage: 1,
        team: 'x',
        decisions: Array.from({ length: MAX_DECISIONS + 1 }, (_, i) => ({ tsId: `t${i}`, value: 'NOT_RELEVANT' })),
      }),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toContain(String(MAX_DECISIONS));
  });

  it(`refuses uploads beyond ${MAX_UPLOADS_PER_USER_DAY} per user and day with 429`, async () => {
    await server.db.query(
      `insert into image (image_id, mr_id, ts_id, sta_number, dt, content_type, width, height, bytes, blob_path, uploaded_by)
       select 'quota-' || g, '1', '2001-W', '2001', now(), 'image/jpeg', 1, 1, 1, 'images/none', 'quota-user' from generate_series(1, $1::int) g`,
      [MAX_UPLOADS_PER_USER_DAY],
    );
    // the quota is per user: the demo user's own uploads still go through
    const q = new URLSearchParams({ dt: at, staNumber: '2001', tsId: '2001-W' });
    expect(
      (
        await fetch(`${API()}/measure-round/1/image/quota-ok?${q.toString()}`, {
          method: 'POST',
          headers: { 'Content-Type': 'image/jpeg' },
          body: new Uint8Array(await jpeg()),
        })
      ).status,
    ).toBe(200);
    await server.db.query("update image set uploaded_by = 'demo' where uploaded_by = 'quota-user'");
    const res = await fetch(`${API()}/measure-round/1/image/quota-over?${q.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await jpeg()),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toContain(String(MAX_UPLOADS_PER_USER_DAY));
    // the uploads were made just now: the next one is accepted in about a day, and the answer says so
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(86_400 - 600);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    await server.db.query("delete from image where image_id like 'quota-%'");
  });

  it('reads the upload limit from its options (LIMIT_UPLOADS_PER_USER_DAY): one more than it is 429 with Retry-After', async () => {
    const app = createApp(server.db, { storage: imageStorage({ dataDir: dir }), limits: { uploadsPerUserDay: 1 } });
    const upload = async (id: string) =>
      app.request(
        `/hwe-api/v2/measure-round/1/image/${id}?${new URLSearchParams({ dt: at, staNumber: '2001', tsId: '2001-W' }).toString()}`,
        { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array(await jpeg()) },
      );
    try {
      expect((await upload('quota-limit-1')).status).toBe(200);
      const over = await upload('quota-limit-2');
      expect(over.status).toBe(429);
      expect(((await over.json()) as { message: string }).message).toContain('at most 1 images');
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(86_000);
    } finally {
      await server.db.query("delete from image where image_id like 'quota-%'");
    }
  });
});

describe('image variants', () => {
  it('collapses widths at or above the original into one cache entry (no conversion per width a client names)', async () => {
    const q = new URLSearchParams({ dt: at, staNumber: '2001', tsId: '2001-W' });
    expect(
      (
        await fetch(`${API()}/measure-round/1/image/variant-key?${q.toString()}`, {
          method: 'POST',
          headers: { 'Content-Type': 'image/jpeg' },
          body: new Uint8Array(await jpeg()),
        })
      ).status,
    ).toBe(200);
    const body = post({}, { tsRemark: { images: ['variant-key'] } });
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const cached = () => readdirSync(join(dir, 'variant-cache')).filter((n) => n.endsWith('.jpeg')).length;
    const before = cached();
    const sizes = [];
    for (const width of ['32', '100', '4000', undefined]) {
      const res = await fetch(`${API()}/completed-measure-round/${body.instanceId}/image/variant-key`, {
        headers: { Accept: 'image/jpeg', ...(width ? { 'X-Image-Width': width } : {}) },
      });
      expect(res.status).toBe(200);
      sizes.push((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width);
    }
    expect(sizes).toEqual([32, 32, 32, 32]);
    expect(cached() - before).toBe(1);
  });
});

describe('headers', () => {
  it('marks answers with user data private, no-store (the PDF too); config stays revalidated', async () => {
    const body = post();
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    for (const path of [
      '/info',
      '/measure-round/1',
      '/completed-measure-round',
      `/completed-measure-round/${body.instanceId}`,
      `/completed-measure-round/${body.instanceId}/pdf`,
      '/admin/permissions',
      '/measure-documents',
    ]) {
      expect((await fetch(`${API()}${path}`)).headers.get('Cache-Control'), path).toBe('private, no-store');
    }
    expect((await fetch(`${API()}/config`)).headers.get('Cache-Control')).toBe('no-cache');
  });

  it('sends HSTS only over HTTPS: an https public address, or X-Forwarded-Proto from a trusted proxy', async () => {
    const storage = imageStorage({ dataDir: dir });
    const hsts = async (app: ReturnType<typeof createApp>, headers: Record<string, string> = {}) =>
      (await app.request('/hwe-api/v2/config', { headers })).headers.get('Strict-Transport-Security');
    expect(await hsts(createApp(server.db, { storage }))).toBeNull();
    expect(await hsts(createApp(server.db, { storage }), { 'X-Forwarded-Proto': 'https' })).toBeNull();
    expect(await hsts(createApp(server.db, { storage, trustProxy: true }), { 'X-Forwarded-Proto': 'https' })).toMatch(
      /max-age=\d{7,}/,
    );
    expect(
      await hsts(createApp(server.db, { storage, publicUrl: 'https://rounds.example.org' }), {
        Host: 'rounds.example.org',
      }),
    ).toMatch(/max-age=/);
  });

  it('serves no source maps unless asked to, and the demo tiles only with the demo data', async () => {
    const staticDir = join(dir, 'static');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
    writeFileSync(join(staticDir, 'assets', 'a.js.map'), '{"sources":["secret.ts"]}');
    const storage = imageStorage({ dataDir: dir });
    expect((await createApp(server.db, { storage, staticDir }).request('/assets/a.js.map')).status).toBe(404);
    expect(
      (await createApp(server.db, { storage, staticDir, serveSourceMaps: true }).request('/assets/a.js.map')).status,
    ).toBe(200);
    const tile = '/tiles/15/17361/11531.png';
    expect((await createApp(server.db, { storage }).request(tile)).status).toBe(404);
    expect((await createApp(server.db, { storage, demo: true }).request(tile)).status).toBe(200);
  });

  it('has no fault-injection endpoints unless a test turns them on', async () => {
    expect((await fetch(`${server.url}/__test__/requests`)).status).toBe(404);
  });
});

describe('permission saves with optimistic concurrency', () => {
  const body = (users: string[]) => JSON.stringify({ roles: [], users, permissions: [] });
  it('sends an ETag; a save with a stale If-Match gets 409 and changes nothing; without If-Match it saves as before', async () => {
    const first = await fetch(`${API()}/admin/permissions`);
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const { users } = (await first.json()) as { users: string[] };
    const ok = await fetch(`${API()}/admin/permissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': etag },
      body: body([...users, 'anna']),
    });
    expect(ok.status).toBe(200);
    // a second admin still holding the first ETag
    const stale = await fetch(`${API()}/admin/permissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': etag },
      body: body([...users, 'bert']),
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ field: 'If-Match' });
    expect(await count("select count(*)::int as n from app_user where username = 'bert'")).toBe(0);
    const current = (await fetch(`${API()}/admin/permissions`)).headers.get('ETag');
    expect(current).toBe(ok.headers.get('ETag'));
    expect(
      (
        await fetch(`${API()}/admin/permissions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: body([...users, 'bert']),
        })
      ).status,
    ).toBe(200);
  });
});
