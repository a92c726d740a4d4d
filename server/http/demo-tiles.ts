import { Hono } from 'hono';
import sharp from 'sharp';
import { createWorkQueue } from '../images/work-queue';
import type { AppEnv } from './app-env';

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
  [183, 219, 160],
  [201, 226, 168],
  [222, 234, 180],
  [236, 229, 184],
  [229, 211, 168],
  [216, 192, 156],
  [204, 178, 150],
  [214, 204, 196],
  [236, 234, 232],
  [250, 250, 252],
];

/** Height band (0..RAMP.length-1) at a Web-Mercator point in metres: a few long waves, continuous everywhere. */
function band(mx: number, my: number): number {
  const h =
    Math.sin(mx / 9000) * Math.cos(my / 7000) +
    0.6 * Math.sin((mx + my) / 4200) +
    0.3 * Math.cos(mx / 1700 - my / 2300);
  const n = Math.floor(((h + 1.9) / 3.8) * RAMP.length);
  return Math.max(0, Math.min(RAMP.length - 1, n));
}

/** Draws the pseudo-terrain of a Web-Mercator box (metres) into width × height pixels, with a label. */
async function renderArea(
  box: readonly [number, number, number, number],
  width: number,
  height: number,
  label: string,
  relief: boolean,
): Promise<Buffer> {
  const [minX, minY, maxX, maxY] = box;
  const [sx, sy] = [(maxX - minX) / width, (maxY - minY) / height];
  const bands = new Uint8Array(width * height);
  for (let py = 0; py < height; py++) {
    const my = maxY - (py + 0.5) * sy;
    for (let px = 0; px < width; px++) bands[py * width + px] = band(minX + (px + 0.5) * sx, my);
  }
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i] ?? 0;
    const px = i % width;
    // a contour where the band changes to the right or below; the tile border as a grid
    const contour = (px + 1 < width && bands[i + 1] !== b) || (i + width < bands.length && bands[i + width] !== b);
    const border = px === 0 || i < width;
    // the relief (the WMS layer) is grey shades without contours, so the two layers are told apart at a glance
    const grey = 90 + b * 17;
    const [r, g, bl] = border
      ? [120, 120, 140]
      : relief
        ? [grey, grey, grey + 8]
        : contour
          ? [150, 120, 90]
          : (RAMP[b] ?? [255, 255, 255]);
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = bl;
  }
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="4" y="4" width="${24 + 8 * label.length}" height="20" rx="3" fill="white" fill-opacity="0.8"/>` +
      `<text x="10" y="19" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#334155">${label}</text></svg>`,
  );
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .composite([{ input: svg }])
    .png({ palette: true, colours: 32, compressionLevel: 9 })
    .toBuffer();
}

function renderTile(z: number, x: number, y: number): Promise<Buffer> {
  const size = (2 * HALF) / 2 ** z;
  return renderArea(
    [x * size - HALF, HALF - (y + 1) * size, (x + 1) * size - HALF, HALF - y * size],
    SIZE,
    SIZE,
    `${z}/${x}/${y}`,
    false,
  );
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
  const drawn = drawing.run(() => renderTile(z, x, y));
  kept.set(key, drawn);
  drawn.catch(() => kept.delete(key));
  const oldest = kept.keys().next().value;
  if (kept.size > MAX_KEPT && oldest !== undefined) kept.delete(oldest);
  return drawn;
}

/** Maplibre asks for 256 px (512 on high-density screens); more costs drawing time and is never needed. */
export const MAX_WMS_SIZE = 512;
const keptWms = new Map<string, Promise<Buffer>>();
const drawing = createWorkQueue(1, 8);

const mercX = (lon: number) => (lon / 180) * HALF;
const mercY = (lat: number) => EARTH * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * A WMS 1.1.1/1.3.0 GetMap in EPSG:3857 over the covered area (the demo's second layer, drawn as grey relief):
 * the box the map asks for through `{bbox-epsg-3857}`, up to 1024 px; anything else is a 400 or a 404.
 */
async function wmsGetMap(
  query: (name: string) => string | undefined,
): Promise<{ status: 200; png: Buffer } | { status: 400 | 404; message: string }> {
  if (query('request')?.toLowerCase() !== 'getmap') return { status: 400, message: 'only REQUEST=GetMap' };
  if ((query('srs') ?? query('crs'))?.toUpperCase() !== 'EPSG:3857')
    return { status: 400, message: 'only SRS/CRS=EPSG:3857' };
  const box = (query('bbox') ?? '').split(',').map(Number);
  const [width, height] = [Number(query('width')), Number(query('height'))];
  const [minX, minY, maxX, maxY] = box;
  if (
    box.length !== 4 ||
    minX === undefined ||
    minY === undefined ||
    maxX === undefined ||
    maxY === undefined ||
    !box.every(Number.isFinite) ||
    minX >= maxX ||
    minY >= maxY
  )
    return { status: 400, message: 'BBOX must be minx,miny,maxx,maxy' };
  if (![width, height].every((n) => Number.isInteger(n) && n > 0 && n <= MAX_WMS_SIZE))
    return { status: 400, message: `WIDTH and HEIGHT must be 1..${MAX_WMS_SIZE}` };
  const a = DEMO_TILE_AREA;
  if (maxX < mercX(a.west) || minX > mercX(a.east) || maxY < mercY(a.south) || minY > mercY(a.north))
    return { status: 404, message: 'no demo map here: the demo covers the demo rounds only' };
  const key = `${box.join(',')}/${width}x${height}`;
  const hit = keptWms.get(key);
  if (hit) return { status: 200, png: await hit };
  // Bounded: one drawing at a time and a few waiting (503 beyond), so map requests can never take the CPU
  // the API needs; the answer is kept, so the tiles of a map view are drawn once.
  const drawn = drawing.run(() => renderArea([minX, minY, maxX, maxY], width, height, 'WMS', true));
  keptWms.set(key, drawn);
  drawn.catch(() => keptWms.delete(key));
  const oldest = keptWms.keys().next().value;
  if (keptWms.size > MAX_KEPT && oldest !== undefined) keptWms.delete(oldest);
  return { status: 200, png: await drawn };
}

/** GET /tiles/{z}/{x}/{y}.png: a demo tile inside the covered area, 404 outside it; GET /tiles/wms: the WMS layer. */
export function demoTileRoutes() {
  return new Hono<AppEnv>()
    .get('/wms', async (c) => {
      // WMS parameter names are case-insensitive
      const params = new Map([...new URL(c.req.url).searchParams].map(([k, v]) => [k.toLowerCase(), v]));
      const answer = await wmsGetMap((name) => params.get(name));
      if (answer.status !== 200) return c.json({ message: answer.message }, answer.status);
      return c.body(new Uint8Array(answer.png), 200, {
        'Content-Type': 'image/png',
        'Cache-Control': CACHE_CONTROL,
        'Access-Control-Allow-Origin': '*',
      });
    })
    .get('/:z/:x/:file', async (c) => {
      const [z, x] = [c.req.param('z'), c.req.param('x')].map((s) => (/^\d{1,7}$/.test(s) ? Number(s) : NaN));
      const y = /^(\d{1,7})\.png$/.exec(c.req.param('file'))?.[1];
      if (
        z === undefined ||
        x === undefined ||
        y === undefined ||
        !Number.isFinite(z) ||
        !Number.isFinite(x) ||
        !demoTileCovered(z, x, Number(y))
      ) {
        return c.json({ message: 'no demo tile here: the demo tile set covers the demo rounds only' }, 404);
      }
      const png = await demoTile(z, x, Number(y));
      return c.body(new Uint8Array(png), 200, {
        'Content-Type': 'image/png',
        'Cache-Control': CACHE_CONTROL,
        'Access-Control-Allow-Origin': '*',
      });
    });
}
