import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, imageStorage, startServer, type RunningServer } from './app';
import { testEndpoint } from './http/faults';
import { underBasePath, withBaseHref } from './http/base-path';
import { testDatabaseOptions } from '../test/support/server/test-database';

// The app under a sub-path (BASE_PATH, issue 32 row 8): one build, the base written into index.html at serving.
const dir = mkdtempSync(join(tmpdir(), 'server-sub-path-'));
const staticDir = join(dir, 'dist');
// the shape of the built index.html (index.html + vite base './'): every address relative to <base href>
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
    <base href="/" />
    <link rel="manifest" href="manifest.webmanifest" /><script type="module" src="./assets/index-abc.js"></script>
  </head><body><div id="root"></div></body></html>`;
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  // the build's compressed variants hold the root's base: they must not be sent under a sub-path
  writeFileSync(join(staticDir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(staticDir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'console.log("app")');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined)');
  copyFileSync('public/manifest.webmanifest', join(staticDir, 'manifest.webmanifest'));
  server = await startServer({
    port: 0,
    ...(await testDatabaseOptions(join(dir, 'data'))),
    staticDir,
    basePath: '/hwe/',
    faultInjection: true,
  });
  origin = new URL(server.url).origin;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const baseHref = (html: string) => /<base href="([^"]*)"/.exec(html)?.[1];

describe('the server under BASE_PATH=/hwe/', () => {
  it('names the sub-path in its url', () => {
    expect(server.url).toBe(`${origin}/hwe`);
  });

  it.each(['/hwe/', '/hwe/index.html', '/hwe/stations/Quellen%20Kaunertal/2026-03-01', '/hwe/archive'])(
    '%s: index.html with <base href="/hwe/">, whole and revalidated',
    async (path) => {
      const res = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(baseHref(html)).toBe('/hwe/');
      // nothing else of the file changes
      expect(html).toBe(INDEX.replace('<base href="/" />', '<base href="/hwe/" />'));
    },
  );

  it('answers index.html 304 to its own ETag', async () => {
    const first = await fetch(`${origin}/hwe/`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${origin}/hwe/`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('sends the base without its slash to the base, the service worker scope', async () => {
    const res = await fetch(`${origin}/hwe?date=2026-03-01`, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/hwe/?date=2026-03-01');
  });

  it('serves sw.js beside index.html, revalidated', async () => {
    const res = await fetch(`${origin}/hwe/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets under the sub-path as immutable', async () => {
    const res = await fetch(`${origin}/hwe/assets/index-abc.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('serves a manifest whose start, scope and icons resolve to the sub-path', async () => {
    const url = `${origin}/hwe/manifest.webmanifest`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const m = (await res.json()) as { start_url: string; scope: string; icons: { src: string }[] };
    // as a browser reads them: relative to the manifest's own URL
    expect(new URL(m.start_url, url).pathname).toBe('/hwe/');
    expect(new URL(m.scope, url).pathname).toBe('/hwe/');
    expect(m.icons.map((i) => new URL(i.src, url).pathname)).toEqual([
      '/hwe/icon.svg',
      '/hwe/icon-192.png',
      '/hwe/icon-512.png',
    ]);
  });

  it('answers the API under the sub-path, its unknown calls as JSON 404', async () => {
    const config = await fetch(`${origin}/hwe/hwe-api/v2/config`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/json');
    const info = await fetch(`${origin}/hwe/hwe-api/v2/info`);
    expect(info.status).toBe(200);
    // an API answer, not the app's index.html
    const unknown = await fetch(`${origin}/hwe/hwe-api/v2/no-such-call`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain('no such call');
  });

  it('passes request bodies through the sub-path', async () => {
    const report = { message: 'from under /hwe/' };
    const posted = await fetch(`${server.url}/__test__/error-reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(posted.status).toBe(200);
    expect(await (await testEndpoint(server, 'error-reports')).json()).toEqual([report]);
  });

  it('answers a proxy that strips the prefix the same (paths without /hwe)', async () => {
    const html = await (await fetch(`${origin}/stations/x/2026-03-01`)).text();
    expect(baseHref(html)).toBe('/hwe/');
    expect((await fetch(`${origin}/hwe-api/v2/config`)).status).toBe(200);
  });

  it('keeps the built manifest in the spec profile, still relative', async () => {
    const spec = createApp(server.db, {
      staticDir,
      apiProfile: 'spec',
      basePath: '/hwe/',
      storage: imageStorage({ dataDir: join(dir, 'data') }),
    });
    const fetchUnder = underBasePath((req: Request) => spec.fetch(req), '/hwe/');
    const manifest = await fetchUnder(new Request('http://localhost/hwe/manifest.webmanifest'));
    expect(((await manifest.json()) as { scope: string }).scope).toBe('./');
    const index = await fetchUnder(new Request('http://localhost/hwe/archive'));
    expect(baseHref(await index.text())).toBe('/hwe/');
  });
});

describe('at the root (no BASE_PATH) nothing changes', () => {
  it('sends the built index.html as it is, its compressed variant included', async () => {
    const root = createApp(server.db, { staticDir, storage: imageStorage({ dataDir: join(dir, 'data') }) });
    const res = await root.request('/stations/x/2026-03-01', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const plain = await root.request('/');
    expect(await plain.text()).toBe(INDEX);
  });

  it('passes every request through unchanged', async () => {
    const seen: string[] = [];
    const fetchAtRoot = underBasePath((req: Request) => {
      seen.push(new URL(req.url).pathname);
      return new Response('ok');
    }, '/');
    await fetchAtRoot(new Request('http://localhost/hwe/x'));
    expect(seen).toEqual(['/hwe/x']);
  });
});

describe('withBaseHref', () => {
  it.each([
    ['<head><base href="/" /></head>', '/hwe/', '<head><base href="/hwe/" /></head>'],
    ['<head><base href="/old/"></head>', '/a/b/', '<head><base href="/a/b/" /></head>'],
    ['<head><title>x</title></head>', '/hwe/', '<head>\n    <base href="/hwe/" /><title>x</title></head>'],
    ['<head lang="de"></head>', '/hwe/', '<head lang="de">\n    <base href="/hwe/" /></head>'],
  ])('%s under %s', (html, base, expected) => {
    expect(withBaseHref(html, base)).toBe(expected);
  });
});
