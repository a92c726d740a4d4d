import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** RFC 9110 weak comparison: `W/"x"` matches `"x"`; the header may list several tags or be `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/** The strong ETag of a JSON answer: a hash of its body, so equal data has the same tag on every server. */
export function etagOf(data: unknown): string {
  return `"${createHash('sha1')
    .update(JSON.stringify(data) ?? '')
    .digest('base64url')}"`;
}

/** Answers with the data and its ETag, or 304 when the client's If-None-Match already names it (§7). */
export function jsonWithEtag(c: Context, data: object): Response {
  const etag = etagOf(data);
  if (etagMatches(c.req.header('If-None-Match'), etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': 'private, no-store' } });
  return new Response(JSON.stringify({ ...data, $etag: etag }), {
    headers: { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': 'private, no-store' },
  });
}
