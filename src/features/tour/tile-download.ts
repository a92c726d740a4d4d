import { MAP_TILE_CACHE, type MapTilesRecord } from '../../../schemas/db/map-tiles-record';
import type { AppDatabase } from '../../db/database';
import { recordMapTiles } from '../../db/tour-commands';
import { tileUrl, type Bounds, type TileId } from '../../domain';

export interface TileProgress {
  done: number;
  total: number;
  stored: number;
  bytes: number;
}

/** Why a run stopped before every tile was stored; the tiles stored so far stay and count. */
export type TileFailure =
  | { kind: 'offline' }
  | { kind: 'http'; status: number; url: string }
  | { kind: 'quota' }
  | { kind: 'cancelled' }
  | { kind: 'no-cache' };

export interface TileRun {
  template: string;
  bounds: Bounds;
  minZoom: number;
  maxZoom: number;
  tiles: readonly TileId[];
}

/** A few requests at a time: quick on a phone, polite to a tile server. */
const PARALLEL = 4;

class StopRun extends Error {
  constructor(readonly failure: TileFailure) {
    super(failure.kind);
  }
}

async function storeOne(cache: Cache, url: string, signal: AbortSignal): Promise<number> {
  // a tile already stored (this round before, or a neighbouring round) is not fetched again
  const cached = await cache.match(url);
  if (cached) return (await cached.blob()).size;
  let res: Response;
  try {
    res = await fetch(url, { signal, mode: 'cors', credentials: 'omit' });
  } catch {
    throw new StopRun(signal.aborted ? { kind: 'cancelled' } : { kind: 'offline' });
  }
  if (!res.ok) throw new StopRun({ kind: 'http', status: res.status, url });
  const body = await res.blob();
  try {
    await cache.put(
      url,
      new Response(body, { headers: { 'Content-Type': res.headers.get('Content-Type') ?? 'image/png' } }),
    );
  } catch (e) {
    if (e instanceof DOMException && e.name === 'QuotaExceededError') throw new StopRun({ kind: 'quota' });
    throw e;
  }
  return body.size;
}

/**
 * Stores the planned tiles in Cache Storage (where the service worker serves them from offline) and records
 * what was stored under `mapTiles:{instanceId}` — also after a failure or cancel, so the readiness line can
 * say "partly" and a second run only fetches the missing ones.
 */
export async function downloadTiles(
  db: AppDatabase,
  instanceId: string,
  run: TileRun,
  signal: AbortSignal,
  onProgress: (p: TileProgress) => void,
): Promise<TileFailure | null> {
  const progress: TileProgress = { done: 0, total: run.tiles.length, stored: 0, bytes: 0 };
  const save = () => {
    const record: MapTilesRecord = {
      layerUrl: run.template,
      bounds: run.bounds,
      minZoom: run.minZoom,
      maxZoom: run.maxZoom,
      total: progress.total,
      stored: progress.stored,
      bytes: progress.bytes,
      preparedAt: Date.now(),
    };
    return recordMapTiles(db, instanceId, record);
  };
  if (typeof caches === 'undefined') return { kind: 'no-cache' };
  const cache = await caches.open(MAP_TILE_CACHE);
  let next = 0;
  let failure: TileFailure | null = null;
  const worker = async () => {
    while (next < run.tiles.length && !failure) {
      const tile = run.tiles[next++];
      if (!tile) break;
      if (signal.aborted) {
        failure = { kind: 'cancelled' };
        break;
      }
      try {
        // awaited first: `bytes += await …` would read bytes before the wait and lose the other workers' sizes
        const size = await storeOne(cache, tileUrl(run.template, tile), signal);
        progress.bytes += size;
        progress.stored += 1;
      } catch (e) {
        failure ??= e instanceof StopRun ? e.failure : { kind: 'offline' };
        if (!(e instanceof StopRun)) console.warn('a map tile could not be stored', e);
      }
      progress.done += 1;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await save();
  return failure;
}
