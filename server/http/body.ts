import type { Context } from 'hono';
import { wellFormedText } from './encoding';
import { HttpError } from './errors';

/**
 * An escape that may decode to NUL or to half of a surrogate pair. It also matches a harmless `\\u0000` (an escaped
 * backslash) or a proper pair: those bodies take the slow path, which judges every decoded text exactly.
 */
const SUSPECT_ESCAPE = /\\u(0000|[dD][89a-fA-F])/;

/** JSON bodies above this size are refused with 413 before they are parsed. */
export const MAX_JSON_BYTES = 5 * 1024 * 1024;

/** `application/json` or any `+json` type, with or without parameters (charset). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * A JSON body must say so: `text/plain`, a form or no type at all is what a foreign web page can send without
 * a CORS preflight, so accepting it would let any page the operator visits write here (login-off mode).
 */
export function requireJsonType(c: Context): void {
  const type = c.req.header('Content-Type') ?? '';
  if (!JSON_TYPE.test(type))
    throw new HttpError(
      415,
      `Content-Type: must be application/json, not ${type ? `"${type.slice(0, 100)}"` : 'missing'}`,
      'Content-Type',
    );
}

export async function readJsonBody(c: Context): Promise<unknown> {
  requireJsonType(c);
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  // Nearly every body has no NUL and no lone surrogate anywhere: then it is parsed without the reviver, which
  // costs a call for every key and value (a third of a millisecond for a 200-entry round).
  if (!SUSPECT_ESCAPE.test(text) && wellFormedText(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HttpError(400, 'body: not valid JSON', 'body');
    }
  }
  let parsed: unknown;
  let bad: string | undefined;
  try {
    // The reviver sees every key and string: one with NUL or an unpaired surrogate would make PostgreSQL
    // answer 500 later, so it is refused here with 400 (the first such key is named).
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (bad === undefined && (!wellFormedText(key) || (typeof value === 'string' && !wellFormedText(value))))
        bad = key;
      return value;
    });
  } catch {
    throw new HttpError(400, 'body: not valid JSON', 'body');
  }
  if (bad !== undefined)
    throw new HttpError(
      400,
      `body: text at "${bad.replace(/[^\w.-]/g, '?')}" contains NUL or an unpaired surrogate`,
      'body',
    );
  return parsed;
}
