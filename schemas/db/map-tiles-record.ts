import * as v from 'valibot';

/**
 * What "prepare map for offline" stored for one stored round, kept in the `reference` collection under
 * `mapTiles:{instanceId}` (no collection of its own): the layer template, the area and zoom range the tiles
 * cover — the map limits its base layer to them offline, so it never asks for a tile that is not there — and
 * how many of the planned tiles are in Cache Storage with their bytes.
 */
export const MapTilesRecordSchema = v.object({
  layerUrl: v.string(),
  bounds: v.object({ west: v.number(), south: v.number(), east: v.number(), north: v.number() }),
  minZoom: v.number(),
  maxZoom: v.number(),
  total: v.number(),
  stored: v.number(),
  bytes: v.number(),
  preparedAt: v.number(),
});
export type MapTilesRecord = v.InferOutput<typeof MapTilesRecordSchema>;

export const mapTilesKey = (instanceId: string): string => `mapTiles:${instanceId}`;
/** One Cache Storage cache for every round's tiles: rounds in the same valley share them. */
export const MAP_TILE_CACHE = 'map-tiles';
