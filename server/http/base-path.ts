import { pathInsideBase } from '../../src/domain/base-path';

/**
 * The app under a sub-path (BASE_PATH, docs/server.md): the whole server — app, API, manifest, service worker —
 * answers under `basePath` (`/hwe/` → `/hwe/hwe-api/v2/…`, `/hwe/sw.js`). The prefix is taken off before the app
 * sees the request, so every route, middleware and log keeps its root-relative path. A request outside the base
 * is answered as it is: a reverse proxy that strips the prefix before passing the request on works the same.
 * The base without its last `/` (`/hwe`) is redirected to the base, the service worker's scope.
 */
export function underBasePath<A extends unknown[], R>(
  fetch: (req: Request, ...rest: A) => R,
  basePath: string,
): (req: Request, ...rest: A) => R | Response {
  if (basePath === '/') return fetch;
  const bare = basePath.slice(0, -1);
  return (req, ...rest) => {
    const url = new URL(req.url);
    if (url.pathname === bare)
      return new Response(null, { status: 308, headers: { Location: `${basePath}${url.search}` } });
    const inside = pathInsideBase(url.pathname, basePath);
    if (inside === url.pathname) return fetch(req, ...rest);
    url.pathname = inside;
    return fetch(new Request(url, req), ...rest);
  };
}

/**
 * index.html with the operator's base path in its `<base href>` (index.html names every file relative to it, and
 * the app takes its addresses from it: src/app/base-url.ts). A build without the element gets one first in `<head>`.
 */
export function withBaseHref(html: string, basePath: string): string {
  const element = `<base href="${basePath}" />`;
  const existing = /<base\s[^>]*>/i;
  if (existing.test(html)) return html.replace(existing, element);
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}\n    ${element}`);
}
