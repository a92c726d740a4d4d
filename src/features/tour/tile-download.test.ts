import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { downloadTiles, type TileProgress } from './tile-download';

/** Cache Storage and the reference collection as far as the download uses them. */
function fakes(opts: { full?: boolean } = {}) {
  const stored = new Map<string, Blob>();
  const cache = {
    match: (url: string) => Promise.resolve(stored.has(url) ? new Response(stored.get(url)) : undefined),
    put: async (url: string, res: Response) => {
      if (opts.full) throw new DOMException('full', 'QuotaExceededError');
      stored.set(url, await res.blob());
    },
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  const records: { key: string; data: unknown }[] = [];
  const db = {
    reference: { upsert: (doc: { key: string; data: unknown }) => Promise.resolve(records.push(doc)) },
  } as unknown as AppDatabase;
  return { stored, records, db };
}

const tiles = [
  { z: 10, x: 1, y: 2 },
  { z: 10, x: 2, y: 2 },
  { z: 11, x: 3, y: 4 },
];
const run = {
  template: 'https://t.test/{z}/{x}/{y}.png',
  bounds: { west: 1, south: 2, east: 3, north: 4 },
  minZoom: 10,
  maxZoom: 11,
  tiles,
};
const png = (bytes: number) => new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/png' } });

describe('downloadTiles', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('stores every tile, reports progress up to the total and records what was stored', async () => {
    const { stored, records, db } = fakes();
    const fetchMock = vi.fn(() => Promise.resolve(png(100)));
    vi.stubGlobal('fetch', fetchMock);
    const seen: TileProgress[] = [];
    const failure = await downloadTiles(db, 'i1', run, new AbortController().signal, (p) => seen.push(p));
    expect(failure).toBeNull();
    expect([...stored.keys()].sort()).toEqual([
      'https://t.test/10/1/2.png',
      'https://t.test/10/2/2.png',
      'https://t.test/11/3/4.png',
    ]);
    expect(seen.at(-1)).toEqual({ done: 3, total: 3, stored: 3, bytes: 300 });
    expect(records).toMatchObject([
      {
        key: 'mapTiles:i1',
        data: { layerUrl: run.template, total: 3, stored: 3, bytes: 300, minZoom: 10, maxZoom: 11 },
      },
    ]);
  });

  it('skips tiles already in the cache on a second run', async () => {
    const { stored, db } = fakes();
    stored.set('https://t.test/10/1/2.png', new Blob([new Uint8Array(50)]));
    const fetchMock = vi.fn(() => Promise.resolve(png(100)));
    vi.stubGlobal('fetch', fetchMock);
    let last: TileProgress | undefined;
    await downloadTiles(db, 'i1', run, new AbortController().signal, (p) => (last = p));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(last).toEqual({ done: 3, total: 3, stored: 3, bytes: 250 });
  });

  it.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch')), {}, { kind: 'offline' }],
    ['a refused tile', () => Promise.resolve(new Response('no', { status: 404 })), {}, { kind: 'http', status: 404 }],
    ['a full device', () => Promise.resolve(png(10)), { full: true }, { kind: 'quota' }],
  ])('stops on %s and records the partial result', async (_n, fetchImpl, opts, expected) => {
    const { records, db } = fakes(opts);
    vi.stubGlobal('fetch', vi.fn(fetchImpl));
    const failure = await downloadTiles(db, 'i1', run, new AbortController().signal, () => undefined);
    expect(failure).toMatchObject(expected);
    expect(records).toHaveLength(1);
    expect(records[0]?.data).toMatchObject({ total: 3, stored: 0 });
  });

  it('stops when cancelled, keeping what was stored', async () => {
    const { records, db } = fakes();
    const controller = new AbortController();
    let calls = 0;
    // like the browser's fetch: an aborted signal rejects
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        if (init.signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
        if (++calls === 6) controller.abort();
        return Promise.resolve(png(10));
      }),
    );
    const many = Array.from({ length: 20 }, (_v, i) => ({ z: 12, x: i, y: 0 }));
    const failure = await downloadTiles(db, 'i1', { ...run, tiles: many }, controller.signal, () => undefined);
    expect(failure).toEqual({ kind: 'cancelled' });
    const data = records[0]?.data as { stored: number; total: number };
    expect(data.stored).toBeGreaterThanOrEqual(6);
    expect(data.stored).toBeLessThan(20);
    expect(data.total).toBe(20);
  });

  it('says so when the browser has no Cache Storage', async () => {
    const { db } = fakes();
    vi.stubGlobal('caches', undefined);
    expect(await downloadTiles(db, 'i1', run, new AbortController().signal, () => undefined)).toEqual({
      kind: 'no-cache',
    });
  });
});
