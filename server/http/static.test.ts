import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { acceptedCodings, serveApp } from './static';

const dir = mkdtempSync(join(tmpdir(), 'static-'));
// compressible and long enough for the build to write variants (scripts/precompress.mjs)
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "station ${i}" }`).join(', ')}];\n`;
const html = `<!doctype html><title>app</title><main>${'<p>hydro</p>'.repeat(200)}</main>`;
const app = new Hono<AppEnv>().use('*', serveApp(dir));
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

beforeAll(() => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const write = (name: string, body: string) => {
    writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
  };
  write('assets/index-abc.js', script);
  write('index.html', html);
  writeFileSync(join(dir, 'assets', 'logo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('acceptedCodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip;q=0.5', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0', []],
    ['br;q=1, *;q=0', ['br']],
    ['identity', []],
    ['x-gzip', ['gzip']],
    ['BR', ['br']],
  ])('%j accepts %j', (header, codings) => {
    expect([...acceptedCodings(header)].sort()).toEqual([...codings].sort());
  });
});

describe('static files by content negotiation', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ] as const)('Accept-Encoding %s: answers %s bytes that decompress to the file', async (accept, coding, inflate) => {
    const res = await get('/assets/index-abc.js', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe(coding);
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 2);
    expect(inflate(body).toString()).toBe(script);
  });

  it('answers the file itself when no coding is accepted, still saying it varies', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await get('/assets/index-abc.js', headers);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await res.text()).toBe(script);
      expect(res.headers.get('Content-Length')).toBe(String(Buffer.byteLength(script)));
    }
  });

  it('gives each variant its own ETag and answers 304 only to the tag of the variant asked for', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (a) =>
        (await get('/assets/index-abc.js', { 'Accept-Encoding': a })).headers.get('ETag'),
      ),
    );
    expect(new Set(tags).size).toBe(3);
    const [br, gz] = tags as [string, string, string];
    const again = await get('/assets/index-abc.js', { 'Accept-Encoding': 'br', 'If-None-Match': br });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(br);
    expect(again.headers.get('Content-Encoding')).toBe('br');
    // a brotli client presenting the gzip tag has not got what it would now receive
    expect((await get('/assets/index-abc.js', { 'Accept-Encoding': 'br', 'If-None-Match': gz })).status).toBe(200);
  });

  it('negotiates index.html for a client-side route too, revalidated on every start', async () => {
    const res = await get('/rounds/42/table', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
  });

  it('answers a file without variants as before, without Vary, and never serves a variant by its own name', async () => {
    const res = await get('/assets/logo-1.png', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect((await get('/assets/index-abc.js.br')).status).toBe(404);
  });

  it('ignores a variant older than its file (a file replaced after the build)', async () => {
    const name = 'sw.js';
    const old = `self.version = 1; // ${'x'.repeat(2000)}`;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(old));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(old));
    // a minute before the file system's own clock (the variants' mtime), not the process's: under faketime the two differ
    const past = new Date(statSync(join(dir, `${name}.br`)).mtimeMs - 60_000);
    utimesSync(join(dir, `${name}.br`), past, past);
    utimesSync(join(dir, `${name}.gz`), past, past);
    writeFileSync(join(dir, name), `self.version = 2; // ${'x'.repeat(2000)}`);
    const res = await get('/sw.js', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toContain('self.version = 2');
  });

  it('answers a byte range from the identity bytes, and 416 past the end', async () => {
    const res = await get('/assets/index-abc.js', { 'Accept-Encoding': 'br', Range: 'bytes=7-18' });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Range')).toBe(`bytes 7-18/${Buffer.byteLength(script)}`);
    expect(res.headers.get('Content-Length')).toBe('12');
    expect(await res.text()).toBe(script.slice(7, 19));
    const tail = await get('/assets/index-abc.js', { Range: 'bytes=-5' });
    expect(await tail.text()).toBe(script.slice(-5));
    expect((await get('/assets/index-abc.js', { Range: `bytes=${script.length + 10}-` })).status).toBe(416);
  });
});

describe('over HTTP', () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve({ fetch: app.fetch, port: 0 }, (info: AddressInfo) => {
        port = info.port;
        ready();
      });
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const raw = (method: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
      const req = httpRequest({ port, path: '/assets/index-abc.js', method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end();
    });

  it('sends the compressed length on GET and the same headers with no body on HEAD', async () => {
    const got = await raw('GET', { 'Accept-Encoding': 'gzip' });
    expect(got.headers['content-encoding']).toBe('gzip');
    expect(Number(got.headers['content-length'])).toBe(got.body.length);
    expect(gunzipSync(got.body).toString()).toBe(script);
    const head = await raw('HEAD', { 'Accept-Encoding': 'gzip' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.headers.etag).toBe(got.headers.etag);
  });
});
