import * as v from 'valibot';
import { CompletedMeasureRoundSchema, FacilityModelListSchema, HistoricValueListSchema, MapOverlaySchema, MapTrackSchema, MeasureDocumentListSchema, MeterListSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import { batchTsIds, type ApiClient } from './api-client';
import { NotFoundError, NotModifiedError } from './api-errors';

/** Historic values of the given timeseries, 32 per request (§7), stored by tsId and timestamp. */
export async function pullHistoricValues(db: AppDatabase, api: ApiClient, tsIds: readonly string[], onBatch?: (progress: { done: number; total: number; stored: number }) => void): Promise<number> {
  let stored = 0;
  const batches = batchTsIds([...new Set(tsIds)]);
  for (const [index, batch] of batches.entries()) {
    const query = new URLSearchParams([['remarks', 'true'], ...batch.map((id): [string, string] => ['tsId', id])]);
    const { data } = await api.getJson(`/timeseries-values?${query.toString()}`, HistoricValueListSchema);
    const docs = data.values.map((v) => ({ ...v, id: `${v.tsId}|${v.dt}` }));
    await db.historicValues.bulkUpsert(docs);
    stored += docs.length;
    onBatch?.({ done: index + 1, total: batches.length, stored });
  }
  return stored;
}

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
      await db.reference.upsert({ key, data, etag, fetchedAt: Date.now() });
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
    const { data, nextPage } = await api.getJson(`/completed-measure-round${query}`, v.array(CompletedMeasureRoundSchema));
    await db.completedRounds.bulkUpsert(data.map((r) => ({ ...r, fetchedAt: Date.now() })));
    count += data.length;
    if (!nextPage || data.length === 0) break;
    query = `?${nextPage}`;
  }
  return count;
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
        await db.reference.upsert({ key, data, etag, fetchedAt: Date.now() });
      } catch (e) {
        if (e instanceof NotModifiedError || e instanceof NotFoundError) continue;
        console.warn(`loading ${key} failed, using the stored copy`, e);
      }
    }
  }
}
