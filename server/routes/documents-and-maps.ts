import { Hono } from 'hono';
import * as v from 'valibot';
import type { MeasureDocument } from '../../schemas/api';
import { requireRole } from '../auth/auth';
import type { ServerContext } from '../context';
import type { AppEnv } from '../http/env';
import { jsonWithEtag } from '../http/etag';
import { HttpError, parseOr400 } from '../http/errors';
import { ANY_ROLE, findRound } from './measure-round';
import { referenceData } from './reference';

const MapTypeQuery = v.object({ mapType: v.optional(v.picklist(['ortho', 'osm'], 'mapType must be ortho or osm'), 'osm') });

/** GET /measure-documents and the map overlay and track of a round, all with ETag / If-None-Match. */
export function documentRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => jsonWithEtag(c, { documents: (await referenceData(ctx.db, 'measureDocuments')) as MeasureDocument[] }));
}

export function mapRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const load = async (mrId: string, kind: 'overlay' | 'track', mapType: string) => {
    const [row] = await db.query<{ data: object }>('select data from map_data where mr_id = $1 and kind = $2 and map_type = $3', [mrId, kind, mapType]);
    if (!row) throw new HttpError(404, `no map ${kind} for measure round ${mrId}`);
    return row.data;
  };
  return new Hono<AppEnv>()
    .get('/:mrId/map/overlay', async (c) => {
      const mrId = c.req.param('mrId');
      const { mapType } = parseOr400(MapTypeQuery, { mapType: c.req.query('mapType') }, 'query');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      return jsonWithEtag(c, await load(mrId, 'overlay', mapType));
    })
    .get('/:mrId/map/track', async (c) => {
      const mrId = c.req.param('mrId');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      return jsonWithEtag(c, await load(mrId, 'track', ''));
    });
}
