import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

// Without the u flag the regex sees UTF-16 code units (String.isWellFormed is ES2024, past our lib target).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when text can be stored and compared as it is: no NUL (PostgreSQL text and jsonb refuse it) and no
 * unpaired UTF-16 surrogate (jsonb refuses `\ud800`; it is no character at all).
 */
export function wellFormedText(s: string): boolean {
  return !s.includes('\0') && !LONE_SURROGATE.test(s);
}

function decodesCleanly(raw: string): boolean {
  try {
    // Malformed escapes (`/%`, `%zz`) and invalid UTF-8 (`%ED%A0%80`, an encoded surrogate) throw here.
    return wellFormedText(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    return false;
  }
}

/**
 * Answers 400 to a URL whose path or query does not decode to well-formed text, before any route sees it:
 * without this, a stray `%` reached decodeURIComponent in the static handler and a NUL reached PostgreSQL,
 * and both answered 500.
 */
export function rejectMalformedUrls(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const q = url.indexOf('?', start);
    const path = url.slice(start, q === -1 ? undefined : q);
    const query = q === -1 ? '' : url.slice(q + 1);
    if (!decodesCleanly(path))
      return c.json({ message: 'path: malformed percent-encoding, NUL or an unpaired surrogate', field: 'path' }, 400);
    if (!query.split('&').every(decodesCleanly))
      return c.json(
        { message: 'query: malformed percent-encoding, NUL or an unpaired surrogate', field: 'query' },
        400,
      );
    await next();
  };
}
