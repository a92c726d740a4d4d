import * as v from 'valibot';
import { CompletedMeasureRoundSchema, FacilityModelListSchema, HistoricValueListSchema, MapOverlaySchema, MapTrackSchema, MeasureDocumentListSchema, MeterListSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import { batchTsIds, type ApiClient } from './api-client';
import { NotFoundError, NotModifiedError } from './api-errors';
import { differs, upsertReference } from './unchanged';
import type { HistoricValueDoc } from '../schemas/db/historic-value-doc';

/** Where the device's history of each timeseries ends (newest stored dt), so a pull asks only for what is newer. */
export const HISTORY_MARKS_KEY = 'historyPulledUntil';
/** An incremental pull asks this far back from the marks: late submissions with slightly older times still arrive. */
export const HISTORY_OVERLAP_MS = 3 * 86_400_000;
/** Once a day the whole history is pulled again, whatever the marks say (corrections further back). */
export const HISTORY_FULL_PULL_MS = 24 * 3_600_000;

type Marks = Record<string, string>;

/** The values that are new or differ from the stored copy; an unchanged value is not written again. */
async function changedValues(db: AppDatabase, docs: HistoricValueDoc[]): Promise<HistoricValueDoc[]> {
  if (docs.length === 0) return docs;
  const stored = await db.historicValues.findByIds(docs.map((d) => d.id)).exec();
  return docs.filter((d) => differs(stored.get(d.id)?.toJSON(), d, []));
}

/**
 * Historic values of the given timeseries, 32 per request (§7), stored by tsId and timestamp. With
 * `incremental`, a batch whose series all have values stored asks only from their oldest newest value
 * (minus HISTORY_OVERLAP_MS) on; a full pull runs at least every HISTORY_FULL_PULL_MS. Returns how many
 * values were written.
 */
export async function pullHistoricValues(
  db: AppDatabase,
  api: ApiClient,
  tsIds: readonly string[],
  onBatch?: (progress: { done: number; total: number; stored: number }) => void,
  opts: { incremental?: boolean; now?: number; newest?: ReadonlyMap<string, string | null> } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  const markDoc = await db.reference.findOne(HISTORY_MARKS_KEY).exec();
  const useMarks = opts.incremental === true && markDoc !== null && now - markDoc.fetchedAt < HISTORY_FULL_PULL_MS;
  const marks: Marks = { ...((markDoc?.data as Marks | undefined) ?? {}) };
  // '' marks a series pulled without any value
  const known = (id: string) => (useMarks ? marks[id] : undefined);
  /** The round says (entry.last) the series has nothing newer than the stored copy: no request for it. */
  const current = (id: string) => {
    const mark = known(id);
    const newest = opts.newest?.get(id);
    if (mark === undefined || newest === undefined) return false;
    return newest === null ? true : mark !== '' && Date.parse(mark) >= Date.parse(newest);
  };
  // series without a mark first, so they share batches and the others can ask from their marks
  const ids = [...new Set(tsIds)].filter((id) => !current(id)).sort((a, b) => Number(known(a) !== undefined) - Number(known(b) !== undefined));
  let stored = 0;
  const batches = batchTsIds(ids);
  const request = (batch: string[]) => {
    const since = batch.map(known);
    const oldest = since.every((m) => m !== undefined) ? since.reduce((a, b) => (b && (!a || b < a) ? b : a), '') : undefined;
    const query = new URLSearchParams([['remarks', 'true'], ...batch.map((id): [string, string] => ['tsId', id])]);
    if (oldest) query.set('from', new Date(Date.parse(oldest) - HISTORY_OVERLAP_MS).toISOString());
    const answer = api.getJson(`/timeseries-values?${query.toString()}`, HistoricValueListSchema);
    // awaited in its turn; marked handled now, so a failed write before it leaves no unhandled rejection
    answer.catch(() => undefined);
    return answer;
  };
  // the next batch is on the wire while this one is written: network and IndexedDB overlap
  let next = batches[0] ? request(batches[0]) : undefined;
  for (const [index, batch] of batches.entries()) {
    const { data } = await (next as ReturnType<typeof request>);
    const following = batches[index + 1];
    next = following ? request(following) : undefined;
    const docs = data.values.map((v) => ({ ...v, id: `${v.tsId}|${v.dt}` }));
    // series never pulled have nothing stored to compare with (the first pull of a device)
    const changed = batch.some((id) => marks[id] !== undefined) ? await changedValues(db, docs) : docs;
    if (changed.length > 0) await db.historicValues.bulkUpsert(changed);
    for (const id of batch) marks[id] ??= '';
    for (const d of docs) if (d.dt > (marks[d.tsId] ?? '')) marks[d.tsId] = d.dt;
    stored += changed.length;
    onBatch?.({ done: index + 1, total: batches.length, stored });
  }
  // the marks move only after the values are stored: an interrupted pull asks again
  await upsertReference(db, { key: HISTORY_MARKS_KEY, data: marks, fetchedAt: useMarks && markDoc ? markDoc.fetchedAt : now });
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
    const { data, nextPage } = await api.getJson(`/completed-measure-round${query}`, v.array(CompletedMeasureRoundSchema));
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
