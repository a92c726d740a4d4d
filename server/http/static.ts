import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

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

/**
 * Serves the built app; unknown non-API paths get index.html (client-side routes). Hashed assets are cached
 * for a year; index.html and sw.js must always be revalidated so an update is seen. Source maps are not
 * served unless `sourceMaps` is set.
 */
export function serveApp(staticDir: string, opts: { sourceMaps?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const root = resolve(staticDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const rel = normalize(decodeURIComponent(c.req.path)).replace(/^(\.\.[/\\])+/, '');
    // Source maps carry the full sources: served only when asked for (SERVE_SOURCE_MAPS=1, debugging).
    if (!opts.sourceMaps && extname(rel) === '.map') return next();
    let file = join(root, rel);
    if (!file.startsWith(root)) return next();
    const isFile = await stat(file)
      .then((s) => s.isFile())
      .catch(() => false);
    if (!isFile) {
      if (extname(rel) && !rel.endsWith('.html')) return next();
      file = join(root, 'index.html');
    }
    const body = await readFile(file).catch(() => null);
    if (!body) return next();
    const name = file.slice(root.length);
    const cache = name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    return new Response(body, {
      headers: { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache },
    });
  };
}
