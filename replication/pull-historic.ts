import { HistoricValueListSchema, MeterListSchema, FacilityModelListSchema, MeasureDocumentListSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import { batchTsIds, type ApiClient } from './api-client';
import { NotModifiedError } from './api-errors';

/** Historic values of the given timeseries, 32 per request (§7), stored by tsId and timestamp. */
export async function pullHistoricValues(db: AppDatabase, api: ApiClient, tsIds: readonly string[]): Promise<number> {
  let stored = 0;
  for (const batch of batchTsIds([...new Set(tsIds)])) {
    const query = new URLSearchParams([['remarks', 'true'], ...batch.map((id): [string, string] => ['tsId', id])]);
    const { data } = await api.getJson(`/timeseries-values?${query.toString()}`, HistoricValueListSchema);
    const docs = data.values.map((v) => ({ ...v, id: `${v.tsId}|${v.dt}` }));
    await db.historicValues.bulkUpsert(docs);
    stored += docs.length;
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
