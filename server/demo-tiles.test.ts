import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { locationFromMetadata } from '../src/domain/location';
import { demoRounds } from './db/demo-rounds';
import { DEMO_TILE_MAX_ZOOM, DEMO_TILE_MIN_ZOOM, demoTileCovered, demoTileRoutes } from './http/demo-tiles';
import type { AppEnv } from './http/app-env';

const app = new Hono<AppEnv>().route('/tiles', demoTileRoutes());
const tileOf = (lat: number, lon: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * 2 ** z),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z),
  };
};
// Gepatschhaus, a station of the demo meteo round
const GEPATSCH = { lat: 46.9521, lon: 10.7429 };

describe('demo tile set', () => {
  it('covers every located station of the demo rounds at every zoom of the set', () => {
    const located = demoRounds().flatMap((r) =>
      r.entries.flatMap((e) => {
        const l = e.staLocation ?? locationFromMetadata(e.staMetadata);
        return l ? [l] : [];
      }),
    );
    expect(located.length).toBeGreaterThan(10);
    for (let z = DEMO_TILE_MIN_ZOOM; z <= DEMO_TILE_MAX_ZOOM; z++) {
      for (const l of located) {
        const { x, y } = tileOf(l.latitude, l.longitude, z);
        expect(demoTileCovered(z, x, y), `${l.latitude},${l.longitude} at z${z}`).toBe(true);
      }
    }
  });

  it('serves a 256 px PNG with long cache headers, the same bytes every time', async () => {
    const { x, y } = tileOf(GEPATSCH.lat, GEPATSCH.lon, 15);
    const res = await app.request(`/tiles/15/${x}/${y}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d{6,}/);
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.length).toBeLessThan(30_000);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    const again = Buffer.from(await (await app.request(`/tiles/15/${x}/${y}.png`)).arrayBuffer());
    expect(again.equals(png)).toBe(true);
    // neighbours differ (the label and the terrain), so a tile is recognisable
    const next = Buffer.from(await (await app.request(`/tiles/15/${x + 1}/${y}.png`)).arrayBuffer());
    expect(next.equals(png)).toBe(false);
  });

  it.each([
    [
      'outside the area',
      () => {
        const t = tileOf(48.2, 16.37, 12);
        return `/tiles/12/${t.x}/${t.y}.png`;
      },
    ],
    [
      'below the zoom range',
      () => {
        const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 7);
        return `/tiles/7/${t.x}/${t.y}.png`;
      },
    ],
    [
      'above the zoom range',
      () => {
        const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 18);
        return `/tiles/18/${t.x}/${t.y}.png`;
      },
    ],
    ['not a number', () => '/tiles/15/abc/1.png'],
    [
      'another format',
      () => {
        const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 15);
        return `/tiles/15/${t.x}/${t.y}.jpg`;
      },
    ],
  ])('answers 404 %s', async (_name, path) => {
    const res = await app.request(path());
    expect(res.status).toBe(404);
  });
});

describe('demo WMS layer', () => {
  // the z15 tile at Gepatschhaus as maplibre fills {bbox-epsg-3857}
  const BBOX = '1194863.6261538751,5933959.379834805,1196086.618606437,5935182.372287367';
  const getMap = (params: string) => app.request(`/tiles/wms?SERVICE=WMS&VERSION=1.1.1&${params}`);

  it('draws the requested box in the requested size', async () => {
    const res = await getMap(
      `REQUEST=GetMap&LAYERS=relief&SRS=EPSG:3857&FORMAT=image/png&WIDTH=256&HEIGHT=128&BBOX=${BBOX}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d{6,}/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 128]);
  });

  it('takes parameter names in any case (WMS 1.3.0 CRS too)', async () => {
    const res = await getMap(`request=GetMap&crs=EPSG:3857&width=64&height=64&bbox=${BBOX}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['another request', `REQUEST=GetCapabilities&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=${BBOX}`, 400],
    ['another projection', `REQUEST=GetMap&SRS=EPSG:4326&WIDTH=256&HEIGHT=256&BBOX=${BBOX}`, 400],
    ['a broken box', 'REQUEST=GetMap&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=1,2,3', 400],
    ['an empty box', 'REQUEST=GetMap&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=5,5,5,5', 400],
    ['a huge image', `REQUEST=GetMap&SRS=EPSG:3857&WIDTH=5000&HEIGHT=256&BBOX=${BBOX}`, 400],
    [
      'a box outside the area (Vienna)',
      'REQUEST=GetMap&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=1820000,6140000,1821000,6141000',
      404,
    ],
  ])('refuses %s', async (_n, params, status) => {
    expect((await getMap(params)).status).toBe(status);
  });
});
