import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { etagMatches } from './etag';
import { withBaseHref } from './base-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  // compiled while it streams in, which browsers allow only with this type
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.po': 'text/plain; charset=utf-8',
};

/** The precompressed variants the build writes beside a file (scripts/precompress.mjs), best first. */
const VARIANTS = [
  { coding: 'br', ext: '.br', tag: 'br' },
  { coding: 'gzip', ext: '.gz', tag: 'gz' },
] as const;
type Coding = (typeof VARIANTS)[number]['coding'];

/**
 * The codings the client accepts (RFC 9110 §12.5.3): `br;q=0` refuses brotli, `*` stands for any coding not
 * named. Identity is always acceptable here: a refused identity with no variant would need a 406 nobody sends.
 */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const accepted = new Set<Coding>();
  if (!header) return accepted;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  for (const { coding } of VARIANTS) {
    const value = q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (value > 0) accepted.add(coding);
  }
  return accepted;
}

/**
 * One file's bytes and strong ETag, kept while its size and modification time stay the same: hashed assets are
 * read once, and a file replaced in place (a deployed update) is read again.
 */
const cache = new Map<string, { size: number; mtimeMs: number; body: Uint8Array<ArrayBuffer>; etag: string }>();
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
let cachedBytes = 0;

async function load(
  file: string,
  tag: string,
  known?: { size: number; mtimeMs: number },
): Promise<{ body: Uint8Array<ArrayBuffer>; etag: string; mtimeMs: number } | null> {
  const st = known ?? (await stat(file).catch(() => null));
  if (!st) return null;
  const hit = cache.get(file);
  if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit;
  const body = await readFile(file).catch(() => null);
  if (!body) return null;
  // one ETag per variant (RFC 9110 §8.8.3): the encoded bytes differ, so their tags must too
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  const entry = { size: st.size, mtimeMs: st.mtimeMs, body: new Uint8Array(body), etag: `"${hash}-${tag}"` };
  if (hit) cachedBytes -= hit.body.byteLength;
  if (cachedBytes + body.length > CACHE_MAX_BYTES) {
    cache.clear();
    cachedBytes = 0;
  }
  cache.set(file, entry);
  cachedBytes += body.length;
  return entry;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a body of `size` bytes; null for anything else (answered whole). */
function singleRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Serves the built app; unknown non-API paths get index.html (client-side routes). Hashed assets are cached
 * for a year; index.html and sw.js must always be revalidated so an update is seen. Source maps are not
 * served unless `sourceMaps` is set.
 *
 * A client that accepts brotli or gzip gets the variant the build wrote beside the file (about a third of the
 * bytes for scripts): negotiated on Accept-Encoding, so every answer of a compressible file says
 * `Vary: Accept-Encoding`. A variant older than its file (a file replaced after the build) is not used. A range
 * request gets the identity bytes, since a range of a compressed body helps no client.
 *
 * Under a sub-path (`basePath` other than `/`) index.html is sent with that path in its `<base href>`
 * (`indexWithBase`), whole and uncompressed: the build's variants hold the root's.
 */
export function serveApp(
  staticDir: string,
  opts: { sourceMaps?: boolean; basePath?: string } = {},
): MiddlewareHandler<AppEnv> {
  const root = resolve(staticDir);
  const basePath = opts.basePath ?? '/';
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const rel = normalize(decodeURIComponent(c.req.path)).replace(/^(\.\.[/\\])+/, '');
    // Source maps carry the full sources: served only when asked for (SERVE_SOURCE_MAPS=1, debugging).
    if (!opts.sourceMaps && extname(rel) === '.map') return next();
    // the variants are reached only through negotiation, never by their own names
    if (/\.(br|gz)$/.test(rel)) return next();
    let file = join(root, rel);
    if (!file.startsWith(root)) return next();
    let st = await stat(file).catch(() => null);
    if (!st?.isFile()) {
      if (extname(rel) && !rel.endsWith('.html')) return next();
      file = join(root, 'index.html');
      st = await stat(file).catch(() => null);
      if (!st?.isFile()) return next();
    }
    const name = file.slice(root.length);
    if (basePath !== '/' && name === '/index.html') return indexWithBase(c.req.raw, file, st, basePath);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };

    const range = c.req.header('Range');
    const accepted = range ? new Set<Coding>() : acceptedCodings(c.req.header('Accept-Encoding'));
    let chosen: { body: Uint8Array<ArrayBuffer>; etag: string } | null = null;
    let hasVariant = false;
    for (const v of VARIANTS) {
      const vst = await stat(file + v.ext).catch(() => null);
      if (!vst?.isFile() || vst.mtimeMs < st.mtimeMs) continue;
      hasVariant = true;
      if (chosen || !accepted.has(v.coding)) continue;
      chosen = await load(file + v.ext, v.tag, vst);
      if (chosen) headers['Content-Encoding'] = v.coding;
    }
    // also on a range answer or one in identity: the same URL answers differently per client
    if (hasVariant) headers.Vary = 'Accept-Encoding';
    chosen ??= await load(file, 'id', st);
    if (!chosen) return next();
    headers.ETag = chosen.etag;
    headers['Accept-Ranges'] = 'bytes';

    if (etagMatches(c.req.header('If-None-Match'), chosen.etag)) {
      delete headers['Content-Type'];
      return new Response(null, { status: 304, headers });
    }

    let body = chosen.body;
    let status = 200;
    if (range) {
      const r = singleRange(range, body.byteLength);
      if (r === 'unsatisfiable')
        return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.byteLength}` } });
      const ifRange = c.req.header('If-Range');
      if (r && (!ifRange || ifRange === chosen.etag)) {
        headers['Content-Range'] = `bytes ${r.start}-${r.end}/${body.byteLength}`;
        body = body.subarray(r.start, r.end + 1);
        status = 206;
      }
    }
    headers['Content-Length'] = String(body.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : body, { status, headers });
  };
}

/** index.html with `basePath` in its `<base href>`, read again when the file changes (a deployed update). */
const rewrittenIndex = new Map<
  string,
  { mtimeMs: number; size: number; body: Uint8Array<ArrayBuffer>; etag: string }
>();

async function indexWithBase(
  req: Request,
  file: string,
  st: { mtimeMs: number; size: number },
  basePath: string,
): Promise<Response> {
  const key = `${file}\n${basePath}`;
  let entry = rewrittenIndex.get(key);
  if (entry?.mtimeMs !== st.mtimeMs || entry.size !== st.size) {
    const body = new TextEncoder().encode(withBaseHref(await readFile(file, 'utf8'), basePath));
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
    entry = { mtimeMs: st.mtimeMs, size: st.size, body, etag: `"${hash}-base"` };
    rewrittenIndex.set(key, entry);
  }
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', ETag: entry.etag };
  if (etagMatches(req.headers.get('If-None-Match') ?? undefined, entry.etag))
    return new Response(null, { status: 304, headers });
  headers['Content-Type'] = TYPES['.html'] ?? 'text/html';
  headers['Content-Length'] = String(entry.body.byteLength);
  return new Response(req.method === 'HEAD' ? null : entry.body, { status: 200, headers });
}
