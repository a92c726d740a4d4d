import * as v from 'valibot';
import {
  CompletedMeasureRoundSchema,
  FacilityModelListSchema,
  MapOverlaySchema,
  MapTrackSchema,
  MeasureDocumentListSchema,
  MeterListSchema,
} from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { NotFoundError, NotModifiedError } from './api-errors';
import { differs, upsertReference } from './unchanged';

// the history pull lives in pull-history.ts; re-exported so the runner's import stays as it is
export { HISTORY_FULL_PULL_MS, HISTORY_MARKS_KEY, pullHistoricValues } from './pull-history';

/**
 * Reference lists stored for offline use (§7: meters, facility models, documents). A failure keeps the
 * stored copy (§8: logged, not fatal); a 304 on an ETag means the stored copy is current.
 */
export async function pullReferenceLists(db: AppDatabase, api: ApiClient): Promise<void> {
  const lists = [
    { key: 'dischargeMeters', path: '/discharge-meters', schema: MeterListSchema },
    { key: 'facilityModels', path: '/station-facilities/models', schema: FacilityModelListSchema },
    { key: 'measureDocuments', path: '/measure-documents', schema: MeasureDocumentListSchema },
  ] as const;
  for (const { key, path, schema } of lists) {
    const stored = await db.reference.findOne(key).exec();
    try {
      const { data, etag } = await api.getJson(path, schema, { etag: stored?.etag });
      await upsertReference(db, { key, data, etag, fetchedAt: Date.now() });
    } catch (e) {
      if (e instanceof NotModifiedError) continue;
      console.warn(`loading ${key} failed, using the stored copy`, e);
    }
  }
}

/** How many archive pages one pull follows: the newest rounds first, older ones up to this bound. */
export const ARCHIVE_MAX_PAGES = 10;

/** Completed rounds for the archive (the server lists the user's rounds, newest first, in pages). */
export async function pullCompletedRounds(db: AppDatabase, api: ApiClient): Promise<number> {
  let count = 0;
  let query = '';
  for (let page = 0; page < ARCHIVE_MAX_PAGES; page++) {
    const { data, nextPage } = await api.getJson(
      `/completed-measure-round${query}`,
      v.array(CompletedMeasureRoundSchema),
    );
    const docs = data.map((r) => ({ ...r, fetchedAt: Date.now() }));
    const stored = await db.completedRounds.findByIds(docs.map((d) => d.instanceId)).exec();
    const changed = docs.filter((d) => differs(stored.get(d.instanceId)?.toJSON(), d));
    if (changed.length > 0) await db.completedRounds.bulkUpsert(changed);
    count += data.length;
    if (!nextPage || data.length === 0) break;
    query = `?${nextPage}`;
  }
  return count;
}

/**
 * GET /completed-measure-round/{instanceId} (§7): one archived round on demand, for a link to a round the
 * archive pull did not bring (older than its pages, or completed since). Stored like a pulled one, so the
 * screen renders it from the database. False when the server does not know it (404) or the user may not see it.
 */
export async function pullCompletedRound(db: AppDatabase, api: ApiClient, instanceId: string): Promise<boolean> {
  try {
    const { data } = await api.getJson(
      `/completed-measure-round/${encodeURIComponent(instanceId)}`,
      CompletedMeasureRoundSchema,
    );
    await db.completedRounds.upsert({ ...data, fetchedAt: Date.now() });
    return true;
  } catch (e) {
    if (e instanceof NotFoundError) return false;
    throw e;
  }
}

/** Map track and overlays of each round with their ETags; a round without map data (404) is skipped. */
export async function pullMapData(db: AppDatabase, api: ApiClient, mrIds: readonly string[]): Promise<void> {
  for (const mrId of mrIds) {
    const base = `/measure-round/${encodeURIComponent(mrId)}/map`;
    const items = [
      { key: `mapTrack:${mrId}`, path: `${base}/track`, schema: MapTrackSchema },
      { key: `mapOverlay:${mrId}:osm`, path: `${base}/overlay?mapType=osm`, schema: MapOverlaySchema },
      { key: `mapOverlay:${mrId}:ortho`, path: `${base}/overlay?mapType=ortho`, schema: MapOverlaySchema },
    ] as const;
    for (const { key, path, schema } of items) {
      const stored = await db.reference.findOne(key).exec();
      try {
        const { data, etag } = await api.getJson(path, schema, { etag: stored?.etag });
        await upsertReference(db, { key, data, etag, fetchedAt: Date.now() });
      } catch (e) {
        if (e instanceof NotModifiedError || e instanceof NotFoundError) continue;
        console.warn(`loading ${key} failed, using the stored copy`, e);
      }
    }
  }
}
