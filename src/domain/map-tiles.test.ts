import { describe, expect, it } from 'vitest';
import {
  boundsAround,
  DEFAULT_MAP_LAYER,
  MAP_MAX_ZOOM,
  mapLayersOrDefault,
  ESTIMATED_TILE_BYTES,
  estimateTileBytes,
  latToTileY,
  layerTemplate,
  lonToTileX,
  nativeZoom,
  planRoundTiles,
  planTiles,
  tileBBox3857,
  tileCount,
  tileUrl,
  type Bounds,
} from './map-tiles';
import { isTourReady, tourReadiness, type TourReadinessInput } from './tour-readiness';

describe('lon/lat → tile', () => {
  it.each([
    // [lon, lat, z, x, y] — rows checked with y = (1 − asinh(tan φ)/π)/2 · 2^z, an independent form of the formula
    [0, 0, 0, 0, 0],
    [0, 0, 1, 1, 1],
    [-180, 85.0511, 1, 0, 0],
    [180, -85.0511, 1, 1, 1],
    [10.7429, 46.9521, 15, 17361, 11531],
    [10.7429, 46.9521, 17, 69447, 46127],
    [13.405, 52.52, 10, 550, 335],
    [-74.006, 40.7128, 12, 1205, 1540],
    [179.9999, 0, 3, 7, 4],
    [0, 89.9, 4, 8, 0],
    [0, -89.9, 4, 8, 15],
  ])('%f, %f at z%i is %i/%i', (lon, lat, z, x, y) => {
    expect(lonToTileX(lon, z)).toBe(x);
    expect(latToTileY(lat, z)).toBe(y);
  });
});

describe('boundsAround', () => {
  it('is undefined without points', () => expect(boundsAround([], 1000)).toBeUndefined());
  it.each<[string, { latitude: number; longitude: number }[], number, Bounds]>([
    ['one point, no margin', [{ latitude: 47, longitude: 10 }], 0, { west: 10, south: 47, east: 10, north: 47 }],
    [
      'two points, no margin',
      [
        { latitude: 47.1, longitude: 10.7 },
        { latitude: 46.9, longitude: 10.8 },
      ],
      0,
      { west: 10.7, south: 46.9, east: 10.8, north: 47.1 },
    ],
  ])('%s', (_n, points, margin, expected) => expect(boundsAround(points, margin)).toEqual(expected));

  it('widens by the margin in metres, more degrees of longitude than latitude at 47° N', () => {
    const b = boundsAround([{ latitude: 47, longitude: 10 }], 1000);
    expect(b?.north).toBeCloseTo(47 + 1000 / 111_320, 6);
    expect(b?.south).toBeCloseTo(47 - 1000 / 111_320, 6);
    expect(b?.east).toBeCloseTo(10 + 1000 / (111_320 * Math.cos((47 * Math.PI) / 180)), 6);
  });

  it('stays inside the world at the poles and the antimeridian', () => {
    expect(
      boundsAround(
        [
          { latitude: 89.999, longitude: 179.999 },
          { latitude: -89.999, longitude: -179.999 },
        ],
        5000,
      ),
    ).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });
});

describe('tileCount and planTiles', () => {
  const gepatsch: Bounds = { west: 10.74, south: 46.95, east: 10.745, north: 46.955 };
  it.each([
    [0, 1],
    [10, 1],
    [15, 2 * 2],
    [16, 2 * 3],
    [17, 3 * 4],
  ])('the small area at z%i takes %i tiles', (z, n) => expect(tileCount(gepatsch, z)).toBe(n));

  it('lists every tile of every level once, row by row', () => {
    const plan = planTiles(gepatsch, 15, 17, 1000);
    expect(plan).toMatchObject({ minZoom: 15, maxZoom: 17, capped: false });
    expect(plan.tiles).toHaveLength(tileCount(gepatsch, 15) + tileCount(gepatsch, 16) + tileCount(gepatsch, 17));
    expect(new Set(plan.tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(plan.tiles.length);
    expect(plan.tiles[0]).toEqual({ z: 15, x: 17361, y: 11531 });
  });

  it.each([
    ['everything fits', 1000, 17, false],
    ['the cap is exactly reached', 4 + 6 + 12, 17, false],
    ['the deepest level is left out', 21, 16, true],
    ['not even the first level fits', 3, 14, true],
  ])('%s', (_n, cap, maxZoom, capped) => {
    const plan = planTiles(gepatsch, 15, 17, cap);
    expect([plan.maxZoom, plan.capped]).toEqual([maxZoom, capped]);
    expect(plan.tiles.length).toBeLessThanOrEqual(cap);
  });
});

const BBOX_15 = '1194863.6261538751,5933959.379834805,1196086.618606437,5935182.372287367';

describe('tile URLs', () => {
  // expected strings as written by maplibre's getTileBBox (@mapbox/whoots-js): a cached WMS tile is found only by its exact URL
  it.each([
    [{ z: 0, x: 0, y: 0 }, '-20037508.342789244,-20037508.342789244,20037508.342789244,20037508.342789244'],
    [{ z: 15, x: 17361, y: 11531 }, BBOX_15],
    [{ z: 19, x: 277789, y: 185450 }, '1195857.3075215816,5862185.010275021,1195933.7445498668,5862261.447303306'],
  ])('the WMS bbox of %o is exactly what maplibre writes', (t, bbox) => expect(tileBBox3857(t)).toBe(bbox));

  it.each([
    ['https://tile.example.org/{z}/{x}/{y}.png', 'https://tile.example.org/15/17361/11531.png'],
    ['https://tile.example.org/{z}/{x}/{y}{ratio}.png', 'https://tile.example.org/15/17361/11531.png'],
    ['/tiles/{z}/{x}/{y}.png', 'http://app.test/tiles/15/17361/11531.png'],
    ['tiles/{z}/{x}/{y}.png', 'http://app.test/tiles/15/17361/11531.png'],
    [
      'https://wms.example.org/wms?SERVICE=WMS&BBOX={bbox-epsg-3857}&WIDTH=256',
      `https://wms.example.org/wms?SERVICE=WMS&BBOX=${BBOX_15}&WIDTH=256`,
    ],
  ])('%s', (url, expected) => {
    expect(
      tileUrl(layerTemplate({ type: url.includes('bbox') ? 'wms' : 'tms', url }, 'http://app.test'), {
        z: 15,
        x: 17361,
        y: 11531,
      }),
    ).toBe(expected);
  });
});

describe('planRoundTiles', () => {
  const stations = [
    { latitude: 46.9521, longitude: 10.7429 },
    { latitude: 46.95, longitude: 10.75 },
  ];
  it('is undefined for a round without located stations', () =>
    expect(planRoundTiles({ type: 'tms', url: '/t' }, [])).toBeUndefined());
  it.each([
    ['the default native zoom 19 stops at 17', undefined, 10, 17],
    ['a coarse layer stops at its native zoom', 14, 10, 14],
    ['a layer coarser than the overview gets its own levels only', 8, 8, 8],
  ])('%s', (_n, zoom, minZoom, maxZoom) => {
    const layer = { type: 'tms' as const, url: '/t/{z}/{x}/{y}', zoom };
    const plan = planRoundTiles(layer, stations);
    expect([plan?.minZoom, plan?.maxZoom, plan?.capped]).toEqual([minZoom, maxZoom, false]);
    expect(plan?.bounds.west).toBeLessThan(10.7429);
    expect(nativeZoom(layer)).toBe(zoom ?? 19);
  });
});

describe('tourReadiness with base map tiles', () => {
  const base: TourReadinessInput = {
    entryCount: 4,
    entriesWithHistory: 4,
    hasMapData: true,
    stationsWithLocation: 2,
    login: 'valid',
    online: true,
  };
  it.each<[string, TourReadinessInput['tiles'], string]>([
    ['all stored', { total: 10, stored: 10, bytes: 5000 }, 'ok'],
    ['some stored', { total: 10, stored: 4, bytes: 2000 }, 'partial'],
    ['none stored', { total: 10, stored: 0, bytes: 0 }, 'missing'],
    ['not prepared', { total: 0, stored: 0, bytes: 0 }, 'missing'],
  ])('%s', (_n, tiles, state) => {
    const lines = tourReadiness({ ...base, tiles });
    expect(lines.map((l) => l.item)).toEqual(['history', 'map', 'tiles', 'login']);
    expect(lines[2]).toEqual({ item: 'tiles', state, tiles });
    expect(isTourReady(lines)).toBe(state === 'ok');
  });
});

describe('estimateTileBytes', () => {
  it.each<[string, number, { stored: number; bytes: number }[], number]>([
    ['nothing stored before: a typical tile', 100, [], 100 * ESTIMATED_TILE_BYTES],
    ['records without tiles count as nothing', 100, [{ stored: 0, bytes: 0 }], 100 * ESTIMATED_TILE_BYTES],
    [
      'the average of earlier rounds',
      10,
      [
        { stored: 4, bytes: 4000 },
        { stored: 6, bytes: 16_000 },
      ],
      20_000,
    ],
    ['no tiles, no bytes', 0, [{ stored: 3, bytes: 900 }], 0],
  ])('%s', (_n, count, before, expected) => expect(estimateTileBytes(count, before)).toBe(expected));
});

describe('the default map layer (§9)', () => {
  const own = { type: 'tms' as const, url: '/tiles/{z}/{x}/{y}.png', name: 'Own', zoom: 17 };
  it.each([
    ['no configured layer: the default tile source', [], [DEFAULT_MAP_LAYER]],
    ['configured layers stand alone', [own], [own]],
  ])('%s', (_name, layers, expected) => expect(mapLayersOrDefault(layers)).toEqual(expected));
  it('has native zoom 19, and the map stretches it to 24', () => {
    expect(nativeZoom(DEFAULT_MAP_LAYER)).toBe(19);
    expect(MAP_MAX_ZOOM).toBe(24);
    expect(layerTemplate(DEFAULT_MAP_LAYER, 'https://app.example')).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
  });
});
