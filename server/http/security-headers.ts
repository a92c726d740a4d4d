import type { MiddlewareHandler } from 'hono';
import { SILENT_CHECK_PAGE } from '../../src/domain/base-path';
import type { AppEnv } from './app-env';

/**
 * Content-Security-Policy of the app (index.html and everything else outside the API). Why each source:
 * - scripts only from the app's own files: the Vite build emits no inline script and nothing uses eval;
 *   'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly (served by the app itself), and
 *   allows no JavaScript eval;
 * - images `data:` and `blob:`: photos are shown from IndexedDB blobs, maplibre draws sprites from data URLs;
 *   `https:` because map tiles come from whatever tile servers the config names;
 * - connect `https:` for the same tile servers (maplibre fetches tiles), plus the identity provider, which
 *   keycloak-js calls for its tokens (it may be plain http in development and tests);
 * - workers `blob:`: maplibre starts its workers from blob URLs; the service worker is same-origin;
 * - objects `blob:`: the round PDF is opened as a blob URL in a new tab, which inherits this policy;
 * - frame-ancestors 'none': no other site may frame the app (clickjacking); only the silent session check's page
 *   (`SILENT_CHECK_PAGE`) may be framed, by the app itself, which opens it in a hidden frame.
 */
export function appCsp(identityOrigin: string | undefined, frameAncestors = "'none'"): string {
  const idp = identityOrigin ? ` ${identityOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https:${idp}`,
    "worker-src 'self' blob:",
    `frame-src 'self'${idp}`,
    "object-src 'self' blob:",
    "manifest-src 'self'",
    "base-uri 'self'",
    `form-action 'self'${idp}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** API answers are data, never documents to render: nothing may load from them and nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface TransportSettings {
  /** the configured public address; an https one means every answer is seen over HTTPS */
  publicUrl?: string;
  /** a TLS proxy in front sets X-Forwarded-Proto; only then is that header believed */
  trustProxy?: boolean;
}

/** One year, as HSTS preload lists expect; sent only when the answer travels over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer: the app's CSP or the API's, nosniff, no framing, a conservative Referer;
 * HSTS when served over HTTPS; API answers carry user data, so none is stored by any cache unless its route
 * says otherwise (photos: `private`, the browser's own cache only).
 */
export function securityHeaders(
  identityOrigin: string | undefined,
  transport: TransportSettings = {},
): MiddlewareHandler<AppEnv> {
  const app = appCsp(identityOrigin);
  const silentCheck = appCsp(identityOrigin, "'self'");
  const httpsPublic = transport.publicUrl?.startsWith('https:') ?? false;
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const https =
      httpsPublic ||
      new URL(c.req.url).protocol === 'https:' ||
      (transport.trustProxy === true && c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim() === 'https');
    if (https) h.set('Strict-Transport-Security', HSTS);
    const api = c.req.path.startsWith('/hwe-api/');
    if (api && !h.has('Cache-Control')) h.set('Cache-Control', 'private, no-store');
    const framedByApp = !api && c.req.path.endsWith(`/${SILENT_CHECK_PAGE}`);
    h.set('Content-Security-Policy', api ? API_CSP : framedByApp ? silentCheck : app);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', framedByApp ? 'SAMEORIGIN' : 'DENY');
    // Tile servers (OpenStreetMap's usage policy) want to see the origin, never the full app URL.
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
