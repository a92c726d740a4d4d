import type { Context } from 'hono';
import { wellFormedText } from './encoding';
import { HttpError } from './errors';

/** JSON bodies above this size are refused with 413 before they are parsed. */
export const MAX_JSON_BYTES = 5 * 1024 * 1024;

export async function readJsonBody(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  let parsed: unknown;
  let bad: string | undefined;
  try {
    // The reviver sees every key and string: one with NUL or an unpaired surrogate would make PostgreSQL
    // answer 500 later, so it is refused here with 400 (the first such key is named).
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (bad === undefined && (!wellFormedText(key) || (typeof value === 'string' && !wellFormedText(value)))) bad = key;
      return value;
    });
  } catch {
    throw new HttpError(400, 'body: not valid JSON', 'body');
  }
  if (bad !== undefined) throw new HttpError(400, `body: text at "${bad.replace(/[^\w.-]/g, '?')}" contains NUL or an unpaired surrogate`, 'body');
  return parsed;
}
