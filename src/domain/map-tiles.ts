/**
 * Tile maths for the tour's base map (docs/tour.md "Base map tiles"): which Web-Mercator tiles cover a round's
 * stations, how many that is, and the URL of each — the same URL maplibre asks for, so a tile stored in Cache
 * Storage beforehand is the one the map finds offline.
 */

import { resolveAppAddress } from './base-path';

export interface TileId {
  z: number;
  x: number;
  y: number;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface LayerLike {
  type: 'tms' | 'wms';
  url: string;
  zoom?: number | undefined;
}

/**
 * §9 "Default map layer: tile source, max zoom 24, native zoom 19": the layer the tour map draws when the
 * config's mapLayers is empty, so the map is never grey with markers only. The spec names no tile source;
 * OpenStreetMap's standard tiles are the common one (native zoom 19 is OSM's deepest). Its tile policy
 * forbids bulk downloads, so this layer is only drawn online and never prepared for offline use: an operator
 * who wants offline tiles configures a layer of their own.
 */
export const DEFAULT_MAP_LAYER = {
  type: 'tms',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  name: 'OpenStreetMap',
  zoom: 19,
  attribution: '© OpenStreetMap contributors',
} as const satisfies LayerLike & { name: string; attribution: string };

/** The configured base layers, or the default layer (§9) when there are none. */
export function mapLayersOrDefault<L extends LayerLike>(
  layers: readonly L[],
): readonly (L | typeof DEFAULT_MAP_LAYER)[] {
  return layers.length > 0 ? layers : [DEFAULT_MAP_LAYER];
}

/** Web-Mercator stops here: tiles beyond do not exist. */
const MAX_LAT = 85.0511287798066;
/** §2: the default layer's native zoom when the config names none. */
export const DEFAULT_NATIVE_ZOOM = 19;
/** §2: the map zooms beyond the layer's native zoom up to this, stretching the last tiles. */
export const MAP_MAX_ZOOM = 24;
/** What "prepare for offline" stores: from a valley overview down to single buildings. */
export const PREPARE_MIN_ZOOM = 10;
export const PREPARE_MAX_ZOOM = 17;
/** Around the outermost stations, so the way to them and a bit beyond is on the map too. */
export const PREPARE_MARGIN_METRES = 1000;
/** A phone's storage and a tile server's patience: more tiles than this are not prepared in one go. */
export const PREPARE_TILE_CAP = 3000;
/** Average size of a raster tile (OSM-like PNG) for the estimate shown before downloading. */
export const ESTIMATED_TILE_BYTES = 20_000;
const METRES_PER_DEGREE = 111_320;
const EARTH_RADIUS = 6378137;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The tile column of a longitude at zoom z (the antimeridian's east side belongs to the last column). */
export function lonToTileX(lon: number, z: number): number {
  const n = 2 ** z;
  return clamp(Math.floor(((lon + 180) / 360) * n), 0, n - 1);
}

/** The tile row of a latitude at zoom z (XYZ scheme: row 0 in the north); poles are clamped to Mercator's limit. */
export function latToTileY(lat: number, z: number): number {
  const n = 2 ** z;
  const r = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return clamp(Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n), 0, n - 1);
}

/** The bounds of some points widened by a margin in metres on every side; undefined without points. */
export function boundsAround(
  points: readonly { latitude: number; longitude: number }[],
  marginMetres: number,
): Bounds | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const dLat = marginMetres / METRES_PER_DEGREE;
  // a degree of longitude is shorter towards the poles; the widest latitude of the area needs the most degrees
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const dLon = marginMetres / (METRES_PER_DEGREE * Math.max(Math.cos((widest * Math.PI) / 180), 0.01));
  return {
    west: clamp(Math.min(...lons) - dLon, -180, 180),
    south: clamp(south - dLat, -90, 90),
    east: clamp(Math.max(...lons) + dLon, -180, 180),
    north: clamp(north + dLat, -90, 90),
  };
}

interface TileRange {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function tileRange(b: Bounds, z: number): TileRange {
  return {
    minX: lonToTileX(b.west, z),
    maxX: lonToTileX(b.east, z),
    minY: latToTileY(b.north, z),
    maxY: latToTileY(b.south, z),
  };
}

/** How many tiles cover the bounds at zoom z. */
export function tileCount(b: Bounds, z: number): number {
  const r = tileRange(b, z);
  return (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
}

export interface TilePlan {
  tiles: TileId[];
  minZoom: number;
  /** the deepest zoom that fits under the cap (below minZoom when not even minZoom fits) */
  maxZoom: number;
  /** true when deeper zoom levels were left out to stay under the cap */
  capped: boolean;
}

/**
 * The tiles covering the bounds from minZoom to maxZoom, zoom level by level, stopping before the level that
 * would pass the cap: a round too large for its deepest levels still gets its overview.
 */
export function planTiles(b: Bounds, minZoom: number, maxZoom: number, cap: number): TilePlan {
  const tiles: TileId[] = [];
  let z = minZoom;
  for (; z <= maxZoom; z++) {
    if (tiles.length + tileCount(b, z) > cap) break;
    const r = tileRange(b, z);
    for (let y = r.minY; y <= r.maxY; y++) for (let x = r.minX; x <= r.maxX; x++) tiles.push({ z, x, y });
  }
  return { tiles, minZoom, maxZoom: z - 1, capped: z <= maxZoom };
}

/** A tile's bounding box in EPSG:3857 metres, written exactly as maplibre fills `{bbox-epsg-3857}`. */
export function tileBBox3857({ z, x, y }: TileId): string {
  const resolution = (2 * Math.PI * EARTH_RADIUS) / 256 / 2 ** z;
  const half = (2 * Math.PI * EARTH_RADIUS) / 2.0;
  const merc = (px: number) => px * resolution - half;
  const flipped = 2 ** z - y - 1;
  return `${merc(x * 256)},${merc(flipped * 256)},${merc((x + 1) * 256)},${merc((flipped + 1) * 256)}`;
}

/**
 * The layer's URL template as the map uses it: a path without origin is made absolute (maplibre loads tiles
 * from workers, where a relative URL means nothing) — `/tiles/…` on the app's origin, `tiles/…` under the app's
 * base (`baseUrl`, the app under a sub-path) — and `{ratio}` is dropped, so a tile has one URL whatever the
 * screen's pixel ratio — the one prepared for offline.
 */
export function layerTemplate(layer: LayerLike, baseUrl: string): string {
  return resolveAppAddress(layer.url.replace(/\{ratio\}/g, ''), baseUrl);
}

/** The URL of one tile of a template: `{z}/{x}/{y}` for TMS (XYZ scheme), `{bbox-epsg-3857}` for WMS. */
export function tileUrl(template: string, t: TileId): string {
  return template
    .replace(/\{z\}/g, String(t.z))
    .replace(/\{x\}/g, String(t.x))
    .replace(/\{y\}/g, String(t.y))
    .replace(/\{bbox-epsg-3857\}/g, tileBBox3857(t));
}

/** The zoom up to which a layer has its own tiles; the map stretches them beyond it. */
export function nativeZoom(layer: LayerLike): number {
  return layer.zoom ?? DEFAULT_NATIVE_ZOOM;
}

/** The tiles to prepare for a round: its stations plus a margin, down to the layer's native zoom or 17. */
export function planRoundTiles(
  layer: LayerLike,
  points: readonly { latitude: number; longitude: number }[],
): (TilePlan & { bounds: Bounds }) | undefined {
  const bounds = boundsAround(points, PREPARE_MARGIN_METRES);
  if (!bounds) return undefined;
  const deepest = Math.min(nativeZoom(layer), PREPARE_MAX_ZOOM);
  return { ...planTiles(bounds, Math.min(PREPARE_MIN_ZOOM, deepest), deepest, PREPARE_TILE_CAP), bounds };
}

/**
 * The bytes a number of tiles will take: at the average size of this layer's tiles already stored on the device
 * (other rounds prepared before), else at a typical raster tile's size.
 */
export function estimateTileBytes(count: number, storedBefore: readonly { stored: number; bytes: number }[]): number {
  const tiles = storedBefore.reduce((n, r) => n + r.stored, 0);
  const bytes = storedBefore.reduce((n, r) => n + r.bytes, 0);
  return Math.round(count * (tiles > 0 ? bytes / tiles : ESTIMATED_TILE_BYTES));
}
