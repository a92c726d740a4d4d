import { appBase } from '../../app/base-url';
import type maplibregl from 'maplibre-gl';
import type { RasterSourceSpecification } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { MapLayer } from '../../../schemas/api';
import type { MapTilesRecord } from '../../../schemas/db/map-tiles-record';
import { MAP_MAX_ZOOM, layerTemplate, nativeZoom } from '../../domain';

/**
 * The raster source of one configured layer (§2 mapLayers): TMS as `{z}/{x}/{y}`, WMS through maplibre's
 * `{bbox-epsg-3857}`; `maxzoom` is the layer's native zoom, beyond which the map stretches its tiles up to 24.
 * Offline only a layer prepared for this round is drawn, limited to the prepared area and zoom levels, so the
 * map asks for no tile that is not in the cache: null when there is nothing to draw.
 */
export function baseSource(
  layer: MapLayer,
  baseUrl: string,
  online: boolean,
  prepared: MapTilesRecord | undefined,
): RasterSourceSpecification | null {
  const template = layerTemplate(layer, baseUrl);
  const native = Math.min(nativeZoom(layer), MAP_MAX_ZOOM);
  const spec: RasterSourceSpecification = {
    type: 'raster',
    tiles: [template],
    tileSize: 256,
    maxzoom: native,
    ...(layer.attribution ? { attribution: layer.attribution } : {}),
  };
  if (online) return spec;
  if (!prepared || prepared.layerUrl !== template || prepared.stored === 0) return null;
  const { west, south, east, north } = prepared.bounds;
  return {
    ...spec,
    bounds: [west, south, east, north],
    minzoom: prepared.minZoom,
    maxzoom: Math.min(native, prepared.maxZoom),
  };
}

const sourceId = (i: number) => `base-${i}`;

/**
 * Adds the configured base layers under the round's overlay and track and shows the chosen one. Returns
 * whether a tile failed to load (reported once as a note, never as a console error per tile).
 */
export function useBaseLayers(
  map: maplibregl.Map | null,
  alive: () => boolean,
  layers: readonly MapLayer[],
  chosen: number,
  online: boolean,
  prepared: MapTilesRecord | undefined,
): { drawn: boolean[]; tileError: boolean } {
  const [drawn, setDrawn] = useState<boolean[]>([]);
  const [tileError, setTileError] = useState(false);
  useEffect(() => {
    if (!map) return undefined;
    const added: string[] = [];
    const base = appBase();
    const below = ['overlay', 'track'].find((id) => map.getLayer(id));
    layers.forEach((layer, i) => {
      const spec = baseSource(layer, base, online, prepared);
      if (!spec) return;
      const id = sourceId(i);
      map.addSource(id, spec);
      map.addLayer({ id, type: 'raster', source: id, layout: { visibility: 'none' } }, below);
      added.push(id);
    });
    setDrawn(layers.map((_l, i) => added.includes(sourceId(i))));
    setTileError(false);
    return () => {
      if (!alive()) return;
      for (const id of added) {
        if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(id)) map.removeSource(id);
      }
    };
  }, [map, alive, layers, online, prepared]);

  useEffect(() => {
    if (!map) return;
    layers.forEach((_l, i) => {
      if (map.getLayer(sourceId(i)))
        map.setLayoutProperty(sourceId(i), 'visibility', i === chosen ? 'visible' : 'none');
    });
  }, [map, layers, chosen, drawn]);

  useEffect(() => {
    if (!map) return undefined;
    // maplibre prints every failed tile to the console unless someone listens: one note is enough
    const onError = (e: maplibregl.ErrorEvent & { sourceId?: string }) => {
      if (e.sourceId?.startsWith('base-')) setTileError(true);
      else console.warn('map error', e.error);
    };
    map.on('error', onError);
    return () => void map.off('error', onError);
  }, [map]);
  return { drawn, tileError };
}
