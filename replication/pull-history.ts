import { HistoricValueListSchema, type HistoricValue } from '../schemas/api';
import type { HistoricPoint, HistoricSeriesDoc } from '../schemas/db/historic-value-doc';
import type { AppDatabase } from '../src/db/database';
import { mergeSeries } from '../src/domain/history-series';
import { batchTsIds, type ApiClient } from './api-client';
import { upsertReference } from './unchanged';

/**
 * Where the device's history of each timeseries ends (newest stored dt), so a pull asks only for what is newer.
 * Named anew with the one-document-per-series schema (historicValues v1): the marks of the v0 documents, which
 * the migration dropped, must not make a device skip the series it no longer has.
 */
export const HISTORY_MARKS_KEY = 'historySeriesPulledUntil';
/** The marks of the per-value documents (historicValues v0); removed on the first pull after the update. */
const LEGACY_MARKS_KEY = 'historyPulledUntil';
/** An incremental pull asks this far back from the marks: late submissions with slightly older times still arrive. */
export const HISTORY_OVERLAP_MS = 3 * 86_400_000;
/** Once a day the whole history is pulled again, whatever the marks say (corrections further back, deletions). */
export const HISTORY_FULL_PULL_MS = 24 * 3_600_000;

type Marks = Record<string, string>;

/**
 * Merges one answer into the stored series documents; writes only the series that changed (an unchanged
 * series is not written again) and removes a series the server no longer has values for. Returns the marks
 * of the batch and how many values were added, changed or removed.
 */
async function storeBatch(
  db: AppDatabase,
  batch: readonly string[],
  pulled: readonly HistoricValue[],
  from: string | undefined,
) {
  const byTs = new Map<string, HistoricPoint[]>(batch.map((id) => [id, []]));
  for (const value of pulled) {
    const { tsId, ...point } = value;
    byTs.get(tsId)?.push(point);
  }
  const stored = await db.historicValues.findByIds([...byTs.keys()]).exec();
  const upserts: HistoricSeriesDoc[] = [];
  const removals: string[] = [];
  const marks: Marks = {};
  let written = 0;
  for (const [tsId, points] of byTs) {
    const doc = stored.get(tsId);
    const merged = mergeSeries(doc?.toMutableJSON().values ?? [], points, from);
    marks[tsId] = merged.values.at(-1)?.dt ?? '';
    if (merged.written === 0) continue;
    written += merged.written;
    if (merged.values.length > 0) upserts.push({ tsId, values: merged.values, newestDt: marks[tsId] });
    else if (doc) removals.push(tsId);
  }
  if (upserts.length > 0) await db.historicValues.bulkUpsert(upserts);
  if (removals.length > 0) await db.historicValues.bulkRemove(removals);
  return { marks, written };
}

/**
 * Historic values of the given timeseries, 32 per request (§7), stored as one document per series. With
 * `incremental`, a batch whose series all have a mark asks only from their oldest mark (minus
 * HISTORY_OVERLAP_MS) on, and that window of each series becomes what the server returned; a full pull
 * (at least every HISTORY_FULL_PULL_MS) makes each series equal to the server's answer. Returns how many
 * values were added, changed or removed.
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
  const ids = [...new Set(tsIds)]
    .filter((id) => !current(id))
    .sort((a, b) => Number(known(a) !== undefined) - Number(known(b) !== undefined));
  let stored = 0;
  const batches = batchTsIds(ids);
  const request = (batch: string[]) => {
    const since = batch.map(known);
    const oldest = since.every((m) => m !== undefined)
      ? since.reduce((a, b) => (b && (!a || b < a) ? b : a), '')
      : undefined;
    const from = oldest ? new Date(Date.parse(oldest) - HISTORY_OVERLAP_MS).toISOString() : undefined;
    const query = new URLSearchParams([['remarks', 'true'], ...batch.map((id): [string, string] => ['tsId', id])]);
    if (from) query.set('from', from);
    const answer = api
      .getJson(`/timeseries-values?${query.toString()}`, HistoricValueListSchema)
      .then(({ data }) => ({ values: data.values, from }));
    // awaited in its turn; marked handled now, so a failed write before it leaves no unhandled rejection
    answer.catch(() => undefined);
    return answer;
  };
  // the next batch is on the wire while this one is written: network and IndexedDB overlap
  let next = batches[0] ? request(batches[0]) : undefined;
  for (const [index, batch] of batches.entries()) {
    const { values, from } = await (next as ReturnType<typeof request>);
    const following = batches[index + 1];
    next = following ? request(following) : undefined;
    const result = await storeBatch(db, batch, values, from);
    Object.assign(marks, result.marks);
    stored += result.written;
    onBatch?.({ done: index + 1, total: batches.length, stored });
  }
  // the marks move only after the values are stored: an interrupted pull asks again
  // fetchedAt is the time of the last full pull of every series (the periodic pull's daily one): it moves even
  // when no mark did, or every pull after a day would be a full one; "load history" of a few series does not move it
  const fullPull = opts.incremental === true && !useMarks;
  const fetchedAt = fullPull || !markDoc ? now : markDoc.fetchedAt;
  if (fetchedAt !== markDoc?.fetchedAt) await db.reference.upsert({ key: HISTORY_MARKS_KEY, data: marks, fetchedAt });
  else await upsertReference(db, { key: HISTORY_MARKS_KEY, data: marks, fetchedAt });
  await (await db.reference.findOne(LEGACY_MARKS_KEY).exec())?.remove();
  return stored;
}
