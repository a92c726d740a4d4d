import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { locationFromMetadata } from '../src/domain/location';
import { demoRounds } from './db/demo-rounds';
import { DEMO_TILE_MAX_ZOOM, DEMO_TILE_MIN_ZOOM, demoTileCovered, demoTileRoutes } from './http/demo-tiles';
import type { AppEnv } from './http/env';

const app = new Hono<AppEnv>().route('/tiles', demoTileRoutes());
const tileOf = (lat: number, lon: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return { x: Math.floor(((lon + 180) / 360) * 2 ** z), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z) };
};
// Gepatschhaus, a station of the demo meteo round
const GEPATSCH = { lat: 46.9521, lon: 10.7429 };

describe('demo tile set', () => {
  it('covers every located station of the demo rounds at every zoom of the set', () => {
    const located = demoRounds().flatMap((r) => r.entries.flatMap((e) => {
      const l = e.staLocation ?? locationFromMetadata(e.staMetadata);
      return l ? [l] : [];
    }));
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
    ['outside the area', () => { const t = tileOf(48.2, 16.37, 12); return `/tiles/12/${t.x}/${t.y}.png`; }],
    ['below the zoom range', () => { const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 7); return `/tiles/7/${t.x}/${t.y}.png`; }],
    ['above the zoom range', () => { const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 18); return `/tiles/18/${t.x}/${t.y}.png`; }],
    ['not a number', () => '/tiles/15/abc/1.png'],
    ['another format', () => { const t = tileOf(GEPATSCH.lat, GEPATSCH.lon, 15); return `/tiles/15/${t.x}/${t.y}.jpg`; }],
  ])('answers 404 %s', async (_name, path) => {
    const res = await app.request(path());
    expect(res.status).toBe(404);
  });
});
