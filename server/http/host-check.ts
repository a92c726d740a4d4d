import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/** Names of this machine that are always allowed, with any port. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `Host` header (or an `ALLOWED_HOSTS` item), lower case, without its port. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

/** True for an interface only this machine can reach (HOST=127.0.0.1, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The hosts this server answers: the configured ones (`ALLOWED_HOSTS`, `*` for any), else the public
 * address (`PUBLIC_URL`) plus the loopback names. Ports are ignored.
 */
export function allowedHosts(
  configured: readonly string[] | undefined,
  publicUrl: string | undefined,
): ReadonlySet<string> | 'any' {
  if (configured?.includes('*')) return 'any';
  const names = new Set(LOOPBACK_NAMES);
  for (const h of configured ?? []) names.add(hostName(h));
  if (publicUrl) names.add(hostName(new URL(publicUrl).host));
  return names;
}

/**
 * DNS rebinding: a hostile page whose name is re-pointed at this server sends its own name as `Host`, and
 * the browser treats the answers as same-origin to that page. Any `Host` not in the list gets 421
 * (Misdirected Request) before anything is read or written.
 */
export function requireAllowedHost(allowed: ReadonlySet<string> | 'any'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (allowed === 'any') return next();
    // Browsers always send Host; without one (HTTP/1.0, in-process requests) the URL's host is checked.
    const host = c.req.header('Host') ?? new URL(c.req.url).host;
    if (!allowed.has(hostName(host))) {
      return c.json(
        {
          message: `Host: ${host.slice(0, 100) || '(none)'} is not served here (set ALLOWED_HOSTS or PUBLIC_URL)`,
          field: 'Host',
        },
        421,
      );
    }
    await next();
  };
}
