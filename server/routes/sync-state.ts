import { Hono } from 'hono';
import { requireRole, visibleRounds } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { AppEnv, RequestUser } from '../http/env';
import { etagMatches, etagOf } from '../http/etag';
import { HttpError } from '../http/errors';
import { archivePage } from './archive-page';
import { documentsBody, overlayBody, trackBody } from './documents-and-maps';
import { ANY_ROLE, roundList, roundWithEntries } from './measure-round';
import { configBody, referenceData, serverInfoBody, type IdentityConfig } from './reference';
import { toCompleted } from './submission-row';

/**
 * One part of the state: the ETag of the answer its call would give. A call that would fail (a reference
 * list not configured, a round the user lost the role on) contributes its status, so a fix changes the token.
 */
async function part(answer: () => Promise<unknown>): Promise<string> {
  try {
    return etagOf(await answer());
  } catch (e) {
    if (e instanceof HttpError) return `status ${e.status}`;
    throw e;
  }
}

/**
 * Archive pages after the first: the periodic pull follows up to 10 of them. Instead of reading them all,
 * their count and newest change (submission, decision or completion time; a decision always sets its time
 * to now()) stand for them: a new submission or a decision on an old one changes this.
 */
async function archiveSignature(db: Queryable, user: RequestUser): Promise<unknown> {
  const visible = await visibleRounds(db, user);
  const [row] = await db.query<{ n: number; changed: Date | string | null }>(
    `select count(*)::int as n, max(greatest(s.submission_time, s.decision1_time, s.decision2_time, s.completion_time)) as changed
     from submission s where $1::text[] is null or s.mr_id = any($1)`,
    [visible === 'all' ? null : [...visible]],
  );
  return { n: row?.n ?? 0, changed: row?.changed ? new Date(row.changed).toISOString() : null };
}

/**
 * The token of everything the app's periodic pull reads for this user, as the ETags of those answers:
 * config, server info (roles), the round list, each listed round with its entries' history (last values,
 * same-day values: the token moves at midnight as the answers do), its map track and overlays, the three
 * reference lists and the archive's first page (plus a signature of the later ones). It is computed from
 * the same functions the calls answer with, so it cannot miss a change they would show.
 */
export async function syncToken(db: Queryable, user: RequestUser, version: string, product: string, identity?: IdentityConfig): Promise<string> {
  const rounds = await roundList(db, user);
  const perRound = rounds.map((r) =>
    Promise.all([
      part(async () => {
        await requireRole(db, user, product, r.mrId, ANY_ROLE);
        return roundWithEntries(db, r.mrId);
      }),
      part(() => trackBody(db, r.mrId)),
      part(async () => (await overlayBody(db, r.mrId, 'osm')) ?? 'none'),
      part(async () => (await overlayBody(db, r.mrId, 'ortho')) ?? 'none'),
    ]),
  );
  const parts = await Promise.all([
    part(() => configBody(db, identity)),
    part(() => serverInfoBody(db, user, version, product)),
    part(async () => rounds),
    part(() => referenceData(db, 'dischargeMeters')),
    part(() => referenceData(db, 'facilityModels')),
    part(() => documentsBody(db, user)),
    part(async () => {
      const page = await archivePage(db, user, {});
      return { rounds: page.rounds.map(toCompleted), next: page.next ?? null };
    }),
    part(() => archiveSignature(db, user)),
    ...perRound,
  ]);
  return etagOf(parts).slice(1, -1);
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
