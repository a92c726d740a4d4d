import { Hono } from 'hono';
import { DateTime } from 'luxon';
import { rolesByRound } from '../auth/auth';
import type { ServerContext } from '../context';
import { changeVersions } from '../db/change-version';
import type { Queryable } from '../db/database';
import type { AppEnv, RequestUser } from '../http/app-env';
import { etagMatches, etagOf } from '../http/etag';
import type { IdentityConfig } from './reference';

/**
 * The token of everything the app's periodic pull reads for this user (config, server info, the round list,
 * each round with its history, tasks, facilities, map track and overlays, the reference lists, documents and
 * the archive). It is not computed from those answers (that cost a whole pull per call): it hashes
 *
 * - the change versions of `*` and of every round the user holds a role on (server/db/change-version.ts:
 *   triggers bump them in the transaction of every write a pull reads, so a change is never missed);
 * - the user's roles per round (a permission change shows or hides a round, changes /info);
 * - the server's version, product and identity settings (served in /config), and today's date in Vienna (the
 *   round history's same-day values and its window move at midnight).
 *
 * Two queries, indexed, whatever the data: constant time per call. A write to a round moves the token of
 * that round's users only; an unrelated change may move it needlessly (one extra pull), never the reverse.
 */
export async function syncToken(
  db: Queryable,
  user: RequestUser,
  version: string,
  product: string,
  identity?: IdentityConfig,
  now = DateTime.now(),
): Promise<string> {
  const roles = await rolesByRound(db, user, product);
  const versions = await changeVersions(db, user.allRounds ? 'all' : Object.keys(roles));
  const day = now.setZone('Europe/Vienna').toISODate();
  return etagOf([version, product, identity ?? null, user.username, user.isAdmin, roles, versions, day]).slice(1, -1);
}

/**
 * GET /sync-state: `{token}` with `ETag: "token"`, 304 on If-None-Match. Not a call of the spec (§7): an
 * addition for the app's sync, so a periodic pull that finds nothing changed costs one request.
 */
export function syncStateRoutes(ctx: ServerContext, identity?: IdentityConfig) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const token = await syncToken(ctx.db, c.get('user'), ctx.version, await ctx.product(), identity);
    const etag = `"${token}"`;
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    if (etagMatches(c.req.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
    return c.json({ token }, 200, headers);
  });
}
