// Code the bench runs inside the page (bundled by ../page-bundle.ts into one script): the raw IndexedDB and
// Dexie baselines next to the app's own RxDB database, storing tours as the app does, and counting what
// the app wrote to IndexedDB. Runs on the app's origin, so it sees the app's databases.
import Dexie from 'dexie';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createAppDatabase } from '../../src/db/database';
import { storeTour } from '../../src/db/tour-commands';
import { writeDraft } from '../../src/db/draft-store';
import type { HistoricSeriesDoc } from '../../schemas/db/historic-value-doc';

export interface BaselineTimes {
  rawInsertMs: number;
  dexieInsertMs: number;
  rxdbInsertMs: number;
  rawQueryMs: number;
  dexieQueryMs: number;
  rxdbQueryMs: number;
  rawPutEachMs: number;
  dexiePutEachMs: number;
  rxdbPutEachMs: number;
}

/** `n` daily values spread over `series` series, stored as the app stores history: one document per series. */
function docs(n: number, series: number, prefix = 'b'): HistoricSeriesDoc[] {
  return Array.from({ length: series }, (_, s) => {
    const values = Array.from({ length: Math.ceil((n - s) / series) }, (_, day) => ({
      dt: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString(),
      value: (day * series + s) / 10,
      instanceId: null,
    }));
    return { tsId: `${prefix}-${s}`, values, newestDt: values.at(-1)?.dt ?? '' };
  });
}

const req = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
const done = (tx: IDBTransaction) =>
  new Promise<void>(
    (resolve, reject) => (
      (tx.oncomplete = () => resolve()),
      (tx.onerror = () => reject(tx.error)),
      (tx.onabort = () => reject(tx.error))
    ),
  );

/**
 * The same work three ways on the app's history layout (one document per series, `n` values in `series`
 * documents): a bulk insert, a read of one series by its key (as the charts and the row history read), and
 * `single` one-document writes in a row (a series written again, as a pull that changed it).
 */
export async function baseline(n: number, series: number, single: number): Promise<BaselineTimes> {
  const data = docs(n, series);
  const few = docs(single, single, 'one');
  const tag = `${Date.now()}-${Math.round(Math.random() * 1e6)}`;

  // raw IndexedDB
  const open = indexedDB.open(`bench-raw-${tag}`, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('docs', { keyPath: 'tsId' });
  const raw = await req(open);
  let t = performance.now();
  const tx = raw.transaction('docs', 'readwrite');
  for (const d of data) tx.objectStore('docs').put(d);
  await done(tx);
  const rawInsertMs = performance.now() - t;
  await req(raw.transaction('docs').objectStore('docs').get('b-3'));
  t = performance.now();
  const got = (await req(raw.transaction('docs').objectStore('docs').get('b-7'))) as HistoricSeriesDoc | undefined;
  const rawQueryMs = performance.now() - t;
  t = performance.now();
  for (const d of few) {
    const w = raw.transaction('docs', 'readwrite');
    w.objectStore('docs').put(d);
    await done(w);
  }
  const rawPutEachMs = (performance.now() - t) / single;
  raw.close();
  indexedDB.deleteDatabase(`bench-raw-${tag}`);

  // Dexie
  const dexie = new Dexie(`bench-dexie-${tag}`);
  dexie.version(1).stores({ docs: 'tsId' });
  const table = dexie.table<HistoricSeriesDoc, string>('docs');
  await dexie.open();
  t = performance.now();
  await table.bulkPut(data);
  const dexieInsertMs = performance.now() - t;
  await table.get('b-3');
  t = performance.now();
  const gotDexie = await table.get('b-7');
  const dexieQueryMs = performance.now() - t;
  t = performance.now();
  for (const d of few) await table.put(d);
  const dexiePutEachMs = (performance.now() - t) / single;
  await dexie.delete();

  // RxDB, the app's own schema and storage
  const db = await createAppDatabase(getRxStorageDexie(), `bench-rx-${tag}`);
  t = performance.now();
  await db.historicValues.bulkInsert(data);
  const rxdbInsertMs = performance.now() - t;
  // the first query of a collection pays one-off set-up; the app's screens run warm ones
  await db.historicValues.findOne('b-3').exec();
  t = performance.now();
  const gotRx = await db.historicValues.findOne('b-7').exec();
  const rxdbQueryMs = performance.now() - t;
  t = performance.now();
  for (const d of few) await db.historicValues.upsert(d);
  const rxdbPutEachMs = (performance.now() - t) / single;
  await db.remove();

  const lengths = [got?.values.length, gotDexie?.values.length, gotRx?.values.length];
  if (lengths.some((l) => l !== lengths[0])) throw new Error(`baseline reads disagree: ${lengths.join('/')}`);
  return {
    rawInsertMs,
    dexieInsertMs,
    rxdbInsertMs,
    rawQueryMs,
    dexieQueryMs,
    rxdbQueryMs,
    rawPutEachMs,
    dexiePutEachMs,
    rxdbPutEachMs,
  };
}

/** Stores `count` tours of a round as "Take offline" does (storeTour); returns their instance ids. */
export async function storeTours(mrId: string, count: number, date: string): Promise<string[]> {
  const db = await createAppDatabase(getRxStorageDexie());
  try {
    const round = await db.rounds.findOne(mrId).exec();
    if (!round) throw new Error(`round ${mrId} not stored yet`);
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        (await storeTour(db, { round: round.toMutableJSON(), date, team: `Team ${i + 1}`, remark: '' })).instanceId,
      );
    return ids;
  } finally {
    await db.close();
  }
}

/**
 * Fills every entry of the round's open table instance for `date` through the app's own writeDraft (the heap
 * figure: a round with 2,000 values entered; typing them would take minutes). Returns how many were written.
 */
export async function fillDrafts(mrId: string, date: string): Promise<number> {
  const db = await createAppDatabase(getRxStorageDexie());
  try {
    const round = await db.rounds.findOne(mrId).exec();
    const instance = await db.offlineInstances
      .findOne({ selector: { mrId, date, mode: 'indoor', syncState: 'draft' } })
      .exec();
    if (!round || !instance) throw new Error(`no open table instance of ${mrId} on ${date}: type into the table first`);
    await Promise.all(
      round.entries.map((e, i) => writeDraft(db, instance.instanceId, e.tsId, { text: String(100 + (i % 300)) })),
    );
    return round.entries.length;
  } finally {
    await db.close();
  }
}

/** A JPEG of about `bytes` (noise compresses badly, as a camera's picture does), drawn in the page. */
async function photoOfSize(bytes: number): Promise<Blob> {
  let side = 400;
  for (;;) {
    const canvas = new OffscreenCanvas(side, Math.round(side * 0.75));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const image = ctx.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i++) image.data[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
    ctx.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.5 });
    if (blob.size >= bytes || side > 4000) return blob;
    side = Math.round(side * Math.sqrt(bytes / blob.size) * 1.05);
  }
}

/**
 * The 200 photos of 300 KB: stored as the photo button stores them (a photos document with its JPEG as
 * the "image" attachment), on the entries of a stored tour, so the tour and the rest are measured on a device
 * that holds them. Returns the bytes stored.
 */
export async function storePhotos(instanceId: string, count: number, bytes: number): Promise<number> {
  const db = await createAppDatabase(getRxStorageDexie());
  try {
    const instance = await db.offlineInstances.findOne(instanceId).exec();
    const round = instance ? await db.rounds.findOne(instance.mrId).exec() : null;
    if (!instance || !round) throw new Error(`no stored tour ${instanceId}`);
    const jpeg = await photoOfSize(bytes);
    for (let i = 0; i < count; i++) {
      const entry = round.entries[(i * 7) % round.entries.length];
      if (!entry) break;
      const doc = await db.photos.insert({
        id: crypto.randomUUID(),
        instanceId,
        mrId: instance.mrId,
        tsId: entry.tsId,
        staNumber: entry.staNumber,
        tsParameter: entry.tsParameter,
        dt: new Date().toISOString(),
        width: 1,
        height: 1,
        uploaded: false,
        createdAt: Date.now(),
      });
      await doc.putAttachment({ id: 'image', data: jpeg, type: 'image/jpeg' });
    }
    return count * jpeg.size;
  } finally {
    await db.close();
  }
}

/** How many documents of the app's database were written since `since` (epoch ms), per collection. */
export async function writtenSince(since: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const info of await indexedDB.databases()) {
    const name = info.name ?? '';
    if (!name.startsWith('rxdb-dexie-hydrorounds--')) continue;
    const idb = await req(indexedDB.open(name));
    try {
      if (!idb.objectStoreNames.contains('docs')) continue;
      const n = await req(
        idb.transaction('docs').objectStore('docs').index('_meta.lwt').count(IDBKeyRange.lowerBound(since, true)),
      );
      if (n > 0) out[name.replace(/^rxdb-dexie-hydrorounds--\d+--/, '')] = n;
    } finally {
      idb.close();
    }
  }
  return out;
}

/** How many documents one collection of the app's database holds. */
export async function storedCount(collection: string): Promise<number> {
  for (const info of await indexedDB.databases()) {
    if (!new RegExp(`^rxdb-dexie-hydrorounds--\\d+--${collection}$`).test(info.name ?? '')) continue;
    const idb = await req(indexedDB.open(info.name ?? ''));
    try {
      return await req(idb.transaction('docs').objectStore('docs').count());
    } finally {
      idb.close();
    }
  }
  return 0;
}

/**
 * How many historic values the app's database holds: the values inside its series documents (one per
 * timeseries). Reading every value costs the page's main thread (and the pull it watches) far more than
 * counting documents, so the values are read only once at least `minSeries` series are stored (else null).
 */
export async function storedHistoryValues(minSeries = 0): Promise<{ series: number; values: number | null }> {
  for (const info of await indexedDB.databases()) {
    if (!/^rxdb-dexie-hydrorounds--\d+--historicValues$/.test(info.name ?? '')) continue;
    const idb = await req(indexedDB.open(info.name ?? ''));
    try {
      if (!idb.objectStoreNames.contains('docs')) continue;
      // RxDB's Dexie storage keeps removed documents with `_deleted` '1' (booleans are stored as '1'/'0' for its indexes)
      const series = await req(idb.transaction('docs').objectStore('docs').count());
      if (series < minSeries) return { series, values: null };
      const all = (await req(idb.transaction('docs').objectStore('docs').getAll())) as (HistoricSeriesDoc & {
        _deleted?: string | boolean;
      })[];
      return {
        series,
        values: all.reduce((n, d) => n + (d._deleted === '1' || d._deleted === true ? 0 : (d.values?.length ?? 0)), 0),
      };
    } finally {
      idb.close();
    }
  }
  return { series: 0, values: null };
}
