import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

const dir = mkdtempSync(join(tmpdir(), 'server-hardening-'));
const staticDir = join(dir, 'dist');
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(staticDir, 'silent-check-sso.html'), '<!doctype html><title>session check</title>');
  server = await startServer({
    port: 0,
    ...(await testDatabaseOptions(join(dir, 'data'))),
    staticDir,
    timeouts: { headersMs: 1_000, idleMs: 1_500, requestMs: 3_000, checkMs: 200 },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['the app', '/'],
    ['a client route', '/archive'],
    ['an API answer', '/hwe-api/v2/info'],
    ['an API error', '/hwe-api/v2/measure-round/999'],
    ['an unknown call', '/hwe-api/v2/nothing'],
  ])('are on %s', async (_n, path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it.each([
    // [page, who may frame it: CSP frame-ancestors, X-Frame-Options]
    ['/', "frame-ancestors 'none'", 'DENY'],
    ['/silent-check-sso.html', "frame-ancestors 'self'", 'SAMEORIGIN'],
    ['/silent-check-sso.html?x=1', "frame-ancestors 'self'", 'SAMEORIGIN'],
    ['/archive/silent-check-sso', "frame-ancestors 'none'", 'DENY'],
    // an API path of the same name is no page of the app
    ['/hwe-api/v2/silent-check-sso.html', "frame-ancestors 'none'", 'DENY'],
  ])('let %s be framed by: %s', async (path, ancestors, frameOptions) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.headers.get('Content-Security-Policy')).toContain(ancestors);
    expect(res.headers.get('X-Frame-Options')).toBe(frameOptions);
  });

  it('gives the app a policy without inline scripts, and the API one that loads nothing', async () => {
    const app = (await fetch(server.url)).headers.get('Content-Security-Policy') ?? '';
    // WebAssembly (the barcode reader) may be compiled; JavaScript eval stays forbidden
    expect(app).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(app).not.toMatch(/'unsafe-eval'/);
    expect(app).not.toContain('unsafe-inline');
    expect(app).toContain("worker-src 'self' blob:");
    expect((await fetch(`${API()}/info`)).headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'/);
  });
});

describe('encoding errors answer 400, not 500', () => {
  it.each([
    ['a lone %', '/%'],
    ['a lone % in an API path', '/hwe-api/v2/measure-round/%'],
    ['a bad escape', '/hwe-api/v2/measure-round/%zz'],
    ['NUL in a path', '/hwe-api/v2/measure-round/1%00'],
    ['NUL in a static path', '/index.html%00.js'],
    ['an encoded surrogate (CESU-8)', '/hwe-api/v2/measure-round/%ED%A0%80'],
    ['NUL in a query', '/hwe-api/v2/timeseries-values?tsId=2001-W%00'],
    ['a lone % in a query', '/hwe-api/v2/timeseries-values?tsId=%'],
  ])('%s', async (_n, path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/percent-encoding|NUL/);
  });

  it.each([
    ['NUL in a value', '"remark \\u0000"'],
    ['a lone high surrogate', '"\\ud800"'],
    ['a lone low surrogate', '"x\\udc00y"'],
    ['a lone high surrogate in capitals', '"\\uD83C"'],
    ['a high surrogate followed by a second high one', '"\\ud83c\\ud83c"'],
  ])('%s of a JSON body, and nothing is stored', async (_n, text) => {
    const instanceId = crypto.randomUUID();
    const body = `{"instanceId":"${instanceId}","creationTime":"2026-06-01T10:00:00Z","mrRemark":${text},"entries":[{"tsId":"2001-W","staNumber":"2001","dt":"2026-06-01T10:00:00Z","value":1}]}`;
    const res = await fetch(`${API()}/measure-round/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await server.db.query('select 1 from submission where instance_id = $1', [instanceId])).toEqual([]);
  });

  it('a NUL in a key of a JSON body', async () => {
    const res = await fetch(`${API()}/admin/permissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"roles":[],"users":[],"permissions":[],"x\\u0000":1}',
    });
    expect(res.status).toBe(400);
  });

  // These look like the escapes above to the parser's quick check, and take the exact path, which accepts them.
  it.each([
    ['an emoji written as an escaped pair', '"ok \\ud83c\\udf0a"', 'ok 🌊'],
    ['an escaped backslash before u0000', '"C:\\\\u0000"', 'C:\\u0000'],
  ])('still accepts %s, and stores it as sent', async (_n, text, stored) => {
    const instanceId = crypto.randomUUID();
    const body = `{"instanceId":"${instanceId}","creationTime":"2026-06-01T10:00:00Z","mrRemark":${text},"entries":[{"tsId":"2001-W","staNumber":"2001","dt":"2026-06-01T10:03:00Z","value":1}]}`;
    const res = await fetch(`${API()}/measure-round/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    const [row] = await server.db.query<{ mr_remark: string }>(
      'select mr_remark from submission where instance_id = $1',
      [instanceId],
    );
    expect(row?.mr_remark).toBe(stored);
  });

  it('still accepts a paired surrogate (an emoji) in a body', async () => {
    const res = await fetch(`${API()}/measure-round/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        instanceId: crypto.randomUUID(),
        creationTime: '2026-06-01T10:00:00Z',
        mrRemark: 'ok 🌊',
        entries: [{ tsId: '2001-W', staNumber: '2001', dt: '2026-06-01T10:02:00Z', value: 1 }],
      }),
    });
    expect(res.status).toBe(200);
  });
});

describe('slow clients are dropped', () => {
  it('closes 200 connections that trickle their headers, and one that sends nothing', async () => {
    const opened: Socket[] = [];
    const closedAt: number[] = [];
    const started = Date.now();
    let allClosed = () => {};
    const closed = new Promise<void>((resolve) => (allClosed = resolve));
    for (let i = 0; i < 201; i++) {
      const s = connect(server.port, '127.0.0.1');
      s.on('error', () => {});
      s.on('close', () => {
        closedAt.push(Date.now() - started);
        if (closedAt.length === 201) allClosed();
      });
      s.resume(); // read the server's 408 and its close; a paused socket would never see them
      if (i > 0) s.write('GET /hwe-api/v2/info HTTP/1.1\r\nHost: x\r\n');
      opened.push(s);
    }
    const trickle = setInterval(() => opened.forEach((s, i) => i > 0 && !s.destroyed && s.write('X-A: b\r\n')), 300);
    // done when the server has closed all 201: about 1.2 s (its 1 s header timeout) on a quiet machine. The bound is
    // generous because a busy machine delays the server's checks, not because the rule is loose: without the
    // configured timeouts Node keeps a trickling client for 60 s (headers) to 300 s (request), and this one never ends.
    const BOUND_MS = 15_000;
    await Promise.race([closed, new Promise((r) => setTimeout(r, BOUND_MS))]);
    clearInterval(trickle);
    opened.forEach((s) => s.destroy());
    expect(closedAt.filter((t) => t < BOUND_MS).length).toBe(201);
    // the server still answers
    expect((await fetch(`${API()}/info`)).status).toBe(200);
  });
});
