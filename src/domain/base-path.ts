/**
 * The app under a sub-path (§7 "registered from a relative path"; issue 32 row 8). One build serves any path:
 * the server writes the operator's base path (BASE_PATH, e.g. `/hwe/`) into index.html's `<base href>`, and the
 * app takes every address from `document.baseURI`: the router's basepath, the service worker and its scope, the
 * API (`{base}hwe-api/v2`), the login's return address. At the root (`/`) every address is what it always was.
 */

/** Why a base path is refused; null when it is one. */
export type BasePathProblem = 'not-absolute' | 'bad-segment' | 'bad-character';

/**
 * The operator's base path as the server uses it: starting and ending with `/` (`hwe`, `/hwe`, `/hwe/` are all
 * `/hwe/`; empty is the root). Refused: `.`/`..` or empty segments (`//`), and characters that would need
 * escaping in a URL path (write them percent-encoded: `%C3%B6`) or in the HTML attribute it is written into
 * (`'`, `&`); a query or fragment is no path.
 */
export function normalizeBasePath(
  raw: string,
): { ok: true; basePath: string } | { ok: false; problem: BasePathProblem } {
  const text = raw.trim();
  if (text === '' || text === '/') return { ok: true, basePath: '/' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return { ok: false, problem: 'not-absolute' };
  const inner = text.replace(/^\/+/, '').replace(/\/+$/, '');
  const segments = inner.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return { ok: false, problem: 'bad-segment' };
  if (segments.some((s) => !/^(?:[A-Za-z0-9._~!$()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/.test(s)))
    return { ok: false, problem: 'bad-character' };
  return { ok: true, basePath: `/${inner}/` };
}

/**
 * The path inside the app of a request's path under `basePath`: `/hwe/assets/a.js` → `/assets/a.js`. A path
 * outside the base is taken as it is (a proxy that strips the prefix before passing the request on).
 */
export function pathInsideBase(pathname: string, basePath: string): string {
  if (basePath === '/' || !pathname.startsWith(basePath)) return pathname;
  return pathname.slice(basePath.length - 1);
}

/** The app's base URL (ending in `/`) from the document's base URI: the directory the `<base href>` names. */
export function appBaseUrl(baseUri: string): string {
  return new URL('./', baseUri).href;
}

/**
 * The router's basepath from the app's base URL: `/hwe` (the router adds the `/` itself), `/` at the root. The
 * path is taken as the browser gives it (percent-encoded), the form the router compares addresses in.
 */
export function routerBasepath(baseUrl: string): string {
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * The page the identity provider returns the app's silent session check to, beside the app's base
 * (public/silent-check-sso.html): opened by the app in a hidden frame, the one page of the app that may be framed,
 * and only by the app. It must be registered at the provider as a return address (docs/server.md).
 */
export const SILENT_CHECK_PAGE = 'silent-check-sso.html';

/** The silent session check's return address under the app's base URL. */
export function silentCheckUrl(baseUrl: string): string {
  return new URL(SILENT_CHECK_PAGE, appBaseUrl(baseUrl)).href;
}

/**
 * What the API's paths (`/hwe-api/v2/…`) are appended to: the app's base URL without its last `/` —
 * `https://intranet/hwe` under a sub-path, the bare origin at the root as before.
 */
export function apiRoot(baseUrl: string): string {
  return appBaseUrl(baseUrl).replace(/\/$/, '');
}

/**
 * An address of the config or of data as the browser would read it on a page of the app: a full URL stays,
 * `/tiles/…` is on the app's origin, and a relative one (`tiles/…`) is under the app's base. Template braces
 * (`{z}`) are kept as they are, which `new URL` would escape.
 */
export function resolveAppAddress(address: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return address;
  if (address.startsWith('//')) return `${new URL(baseUrl).protocol}${address}`;
  if (address.startsWith('/')) return `${new URL(baseUrl).origin}${address}`;
  return `${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${address}`;
}
