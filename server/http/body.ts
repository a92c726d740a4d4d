import type { Context } from 'hono';
import { HttpError } from './errors';

/** JSON bodies above this size are refused with 413 before they are parsed. */
export const MAX_JSON_BYTES = 5 * 1024 * 1024;

export async function readJsonBody(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, `body: larger than ${MAX_JSON_BYTES} bytes`, 'body');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'body: not valid JSON', 'body');
  }
}
