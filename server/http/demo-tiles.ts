import { Hono } from 'hono';
import sharp from 'sharp';
import type { AppEnv } from './env';

/**
 * A small generated base map for the demo (docs/tour.md "Base map tiles"): the OSM tile server the real
 * config names cannot be reached here, and a normal start must make no failed request. Tiles are drawn
 * lazily and deterministically — a banded pseudo-terrain continuous across tiles and zoom levels, contour
 * lines, the tile border and its z/x/y — so a tile is recognisable and the same bytes on every start.
 */

/** The demo rounds' stations (Kaunertal, Tyrol: 46.93–47.10 N, 10.70–10.76 E) with a margin of several km. */
export const DEMO_TILE_AREA = { west: 10.55, south: 46.85, east: 10.95, north: 47.2 } as const;
export const DEMO_TILE_MIN_ZOOM = 8;
export const DEMO_TILE_MAX_ZOOM = 17;
const SIZE = 256;
const EARTH = 6378137;
const HALF = Math.PI * EARTH;
/** Tiles do not change while a version runs; a week is long enough for browsers, short enough for a fix. */
const CACHE_CONTROL = 'public, max-age=604800';

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** Whether the demo set has this tile: inside the zoom range and touching the covered area. */
export function demoTileCovered(z: number, x: number, y: number): boolean {
  if (z < DEMO_TILE_MIN_ZOOM || z > DEMO_TILE_MAX_ZOOM) return false;
  const a = DEMO_TILE_AREA;
  return x >= lonToX(a.west, z) && x <= lonToX(a.east, z) && y >= latToY(a.north, z) && y <= latToY(a.south, z);
}

/** Terrain colours from valley to summit; band boundaries become contour lines. */
const RAMP: [number, number, number][] = [
  [183, 219, 160], [201, 226, 168], [222, 234, 180], [236, 229, 184], [229, 211, 168],
  [216, 192, 156], [204, 178, 150], [214, 204, 196], [236, 234, 232], [250, 250, 252],
];

/** Height band (0..RAMP.length-1) at a Web-Mercator point in metres: a few long waves, continuous everywhere. */
function band(mx: number, my: number): number {
  const h = Math.sin(mx / 9000) * Math.cos(my / 7000) + 0.6 * Math.sin((mx + my) / 4200) + 0.3 * Math.cos(mx / 1700 - my / 2300);
  const n = Math.floor(((h + 1.9) / 3.8) * RAMP.length);
  return Math.max(0, Math.min(RAMP.length - 1, n));
}

async function renderTile(z: number, x: number, y: number): Promise<Buffer> {
  const metresPerPixel = (2 * HALF) / SIZE / 2 ** z;
  const bands = new Uint8Array(SIZE * SIZE);
  for (let py = 0; py < SIZE; py++) {
    const my = HALF - (y * SIZE + py + 0.5) * metresPerPixel;
    for (let px = 0; px < SIZE; px++) bands[py * SIZE + px] = band((x * SIZE + px + 0.5) * metresPerPixel - HALF, my);
  }
  const rgb = Buffer.alloc(SIZE * SIZE * 3);
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i] ?? 0;
    const px = i % SIZE;
    // a contour where the band changes to the right or below; the tile border as a grid
    const contour = (px + 1 < SIZE && bands[i + 1] !== b) || (i + SIZE < bands.length && bands[i + SIZE] !== b);
    const border = px === 0 || i < SIZE;
    const [r, g, bl] = border ? [120, 120, 140] : contour ? [150, 120, 90] : (RAMP[b] ?? [255, 255, 255]);
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = bl;
  }
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect x="4" y="4" width="${24 + 8 * `${z}/${x}/${y}`.length}" height="20" rx="3" fill="white" fill-opacity="0.8"/>` +
      `<text x="10" y="19" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#334155">${z}/${x}/${y}</text></svg>`,
  );
  return sharp(rgb, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .composite([{ input: label }])
    .png({ palette: true, colours: 32, compressionLevel: 9 })
    .toBuffer();
}

/** Recently drawn tiles (a phone preparing a round asks for a few hundred; drawing one takes a few ms). */
const MAX_KEPT = 2000;
const kept = new Map<string, Promise<Buffer>>();

export function demoTile(z: number, x: number, y: number): Promise<Buffer> {
  const key = `${z}/${x}/${y}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const drawn = renderTile(z, x, y);
  kept.set(key, drawn);
  drawn.catch(() => kept.delete(key));
  const oldest = kept.keys().next().value;
  if (kept.size > MAX_KEPT && oldest !== undefined) kept.delete(oldest);
  return drawn;
}

/** GET /tiles/{z}/{x}/{y}.png: a demo tile inside the covered area, 404 outside it. */
export function demoTileRoutes() {
  return new Hono<AppEnv>().get('/:z/:x/:file', async (c) => {
    const [z, x] = [c.req.param('z'), c.req.param('x')].map((s) => (/^\d{1,7}$/.test(s) ? Number(s) : NaN));
    const y = /^(\d{1,7})\.png$/.exec(c.req.param('file'))?.[1];
    if (z === undefined || x === undefined || y === undefined || !Number.isFinite(z) || !Number.isFinite(x) || !demoTileCovered(z, x, Number(y))) {
      return c.json({ message: 'no demo tile here: the demo tile set covers the demo rounds only' }, 404);
    }
    const png = await demoTile(z, x, Number(y));
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': CACHE_CONTROL, 'Access-Control-Allow-Origin': '*' });
  });
}
