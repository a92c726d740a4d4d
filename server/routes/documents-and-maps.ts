import { Hono } from 'hono';
import * as v from 'valibot';
import type { MeasureDocument } from '../../schemas/api';
import { requireRole, visibleRounds } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { AppEnv, RequestUser } from '../http/app-env';
import { jsonWithEtag } from '../http/etag';
import { HttpError, parseOr400 } from '../http/errors';
import { ANY_ROLE, findRound } from './measure-round';
import { referenceData } from './reference';

const MapTypeQuery = v.object({
  mapType: v.optional(v.picklist(['ortho', 'osm'], 'mapType must be ortho or osm'), 'osm'),
});

/** Global documents for everyone; round and station documents only for users holding a role on that round. */
async function visibleDocuments(
  db: Queryable,
  user: RequestUser,
  documents: MeasureDocument[],
): Promise<MeasureDocument[]> {
  const visible = await visibleRounds(db, user);
  if (visible === 'all') return documents;
  const ids = [...visible];
  const names = new Set(
    (await db.query<{ mr_name: string }>('select mr_name from measure_round where mr_id = any($1)', [ids])).map(
      (r) => r.mr_name,
    ),
  );
  const stations = new Set(
    (
      await db.query<{ sta_number: string }>(
        "select distinct definition->>'staNumber' as sta_number from round_entry where mr_id = any($1)",
        [ids],
      )
    ).map((r) => r.sta_number),
  );
  return documents.filter((d) =>
    d.mdMode === 'MEASURE_ROUND'
      ? names.has(d.mrName ?? '')
      : d.mdMode === 'STATION'
        ? stations.has(String(d.staNumber))
        : true,
  );
}

/** The body of GET /measure-documents for the user. */
export async function documentsBody(db: Queryable, user: RequestUser): Promise<{ documents: MeasureDocument[] }> {
  const all = (await referenceData(db, 'measureDocuments', [])) as MeasureDocument[];
  return { documents: await visibleDocuments(db, user, all) };
}

/** GET /measure-documents and the map overlay and track of a round, all with ETag / If-None-Match. */
export function documentRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => jsonWithEtag(c, await documentsBody(ctx.db, c.get('user'))));
}

async function loadMap(
  db: Queryable,
  mrId: string,
  kind: 'overlay' | 'track',
  mapType: string,
): Promise<object | undefined> {
  const [row] = await db.query<{ data: object }>(
    'select data from map_data where mr_id = $1 and kind = $2 and map_type = $3',
    [mrId, kind, mapType],
  );
  return row?.data;
}

/** The body of GET …/map/track: a round without a track has an empty collection. */
export async function trackBody(db: Queryable, mrId: string): Promise<object> {
  return (await loadMap(db, mrId, 'track', '')) ?? { type: 'FeatureCollection', features: [] };
}

/** The body of GET …/map/overlay?mapType, or undefined for a round without that overlay (204). */
export function overlayBody(db: Queryable, mrId: string, mapType: 'osm' | 'ortho'): Promise<object | undefined> {
  return loadMap(db, mrId, 'overlay', mapType);
}

export function mapRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/:mrId/map/overlay', async (c) => {
      const mrId = c.req.param('mrId');
      const { mapType } = parseOr400(MapTypeQuery, { mapType: c.req.query('mapType') }, 'query');
      // the role first: no existence oracle (docs/server.md)
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      await findRound(db, mrId);
      const overlay = await overlayBody(db, mrId, mapType);
      // Most rounds have no overlay: that is an ordinary answer (204), not an error a browser logs at every start.
      // §7 knows only 404 for "not there": the spec profile answers that, as a vendor's server would.
      if (!overlay && ctx.profile === 'spec')
        throw new HttpError(404, `measure round ${mrId} has no ${mapType} overlay`);
      return overlay ? jsonWithEtag(c, overlay) : c.body(null, 204);
    })
    .get('/:mrId/map/track', async (c) => {
      const mrId = c.req.param('mrId');
      // the role first: no existence oracle (docs/server.md)
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      await findRound(db, mrId);
      return jsonWithEtag(c, await trackBody(db, mrId));
    });
}
