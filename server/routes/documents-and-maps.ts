import { Hono } from 'hono';
import * as v from 'valibot';
import type { MeasureDocument } from '../../schemas/api';
import { requireRole, visibleRounds } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { AppEnv, RequestUser } from '../http/env';
import { jsonWithEtag } from '../http/etag';
import { parseOr400 } from '../http/errors';
import { ANY_ROLE, findRound } from './measure-round';
import { referenceData } from './reference';

const MapTypeQuery = v.object({ mapType: v.optional(v.picklist(['ortho', 'osm'], 'mapType must be ortho or osm'), 'osm') });

/** Global documents for everyone; round and station documents only for users holding a role on that round. */
async function visibleDocuments(db: Queryable, user: RequestUser, documents: MeasureDocument[]): Promise<MeasureDocument[]> {
  const visible = await visibleRounds(db, user);
  if (visible === 'all') return documents;
  const ids = [...visible];
  const names = new Set((await db.query<{ mr_name: string }>('select mr_name from measure_round where mr_id = any($1)', [ids])).map((r) => r.mr_name));
  const stations = new Set((await db.query<{ sta_number: string }>("select distinct definition->>'staNumber' as sta_number from round_entry where mr_id = any($1)", [ids])).map((r) => r.sta_number));
  return documents.filter((d) => (d.mdMode === 'MEASURE_ROUND' ? names.has(d.mrName ?? '') : d.mdMode === 'STATION' ? stations.has(String(d.staNumber)) : true));
}

/** GET /measure-documents and the map overlay and track of a round, all with ETag / If-None-Match. */
export function documentRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const all = (await referenceData(ctx.db, 'measureDocuments')) as MeasureDocument[];
    return jsonWithEtag(c, { documents: await visibleDocuments(ctx.db, c.get('user'), all) });
  });
}

export function mapRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const load = async (mrId: string, kind: 'overlay' | 'track', mapType: string) => {
    const [row] = await db.query<{ data: object }>('select data from map_data where mr_id = $1 and kind = $2 and map_type = $3', [mrId, kind, mapType]);
    return row?.data;
  };
  return new Hono<AppEnv>()
    .get('/:mrId/map/overlay', async (c) => {
      const mrId = c.req.param('mrId');
      const { mapType } = parseOr400(MapTypeQuery, { mapType: c.req.query('mapType') }, 'query');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      const overlay = await load(mrId, 'overlay', mapType);
      // Most rounds have no overlay: that is an ordinary answer (204), not an error a browser logs at every start.
      return overlay ? jsonWithEtag(c, overlay) : c.body(null, 204);
    })
    .get('/:mrId/map/track', async (c) => {
      const mrId = c.req.param('mrId');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      return jsonWithEtag(c, (await load(mrId, 'track', '')) ?? { type: 'FeatureCollection', features: [] });
    });
}
