import { Trans, useLingui } from '@lingui/react/macro';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { map as mapRx } from 'rxjs';
import { MapOverlaySchema, MapTrackSchema, type Location } from '../../../schemas/api';
import { MapTilesRecordSchema, mapTilesKey } from '../../../schemas/db/map-tiles-record';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { useConfig } from '../../db/reference-hooks';
import { useObservable } from '../../db/hooks';
import { MAP_MAX_ZOOM, locationFromMetadata, mapLayersOrDefault, trackLines } from '../../domain';
import { Button } from '../../ui/Button';
import { useBaseLayers } from './base-layers';
import { devicePosition } from './device-position';
import { useStationMarkers } from './station-markers';
import type { Tour } from './use-tour';
import { useTourCompleteness } from './tour-completeness';

/** A stored reference document parsed with its schema; undefined while absent or invalid. */
function useStored<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | undefined {
  const db = useDb();
  return useObservable<v.InferOutput<S> | undefined>(
    () =>
      db.reference.findOne(key).$.pipe(
        mapRx((d) => {
          const parsed = v.safeParse(schema, d?.data);
          return parsed.success ? parsed.output : undefined;
        }),
      ),
    undefined,
    [db, key],
  );
}

/**
 * The tour's map: the config's TMS/WMS base layers (offline only the tiles prepared for this round), station
 * markers coloured by completion, the round's track and overlay, the device position (docs/tour.md).
 * Markers are buttons: a station is chosen by tapping or by keyboard.
 */
export default function TourMap({ tour, onOpen }: { tour: Tour; onOpen: (staNumber: string) => void }) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [position, setPosition] = useState<Location | undefined>(undefined);
  // on unmount the map is removed first (effects clean up in order); later cleanups then have nothing to undo
  const removed = useRef(false);
  const alive = useCallback(() => !removed.current, []);
  const mrId = tour.round.mrId;
  const configured = useConfig().mapLayers;
  // §9: without configured layers the default tile source, so the map is never grey with markers only
  const layers = useMemo(() => mapLayersOrDefault(configured), [configured]);
  const online = useOnline();
  const [chosenLayer, setChosenLayer] = useState(0);
  const prepared = useStored(mapTilesKey(tour.instance.instanceId), MapTilesRecordSchema);
  const base = useBaseLayers(map, alive, layers, chosenLayer, online, prepared);
  const track = useStored(`mapTrack:${mrId}`, MapTrackSchema);
  const ortho = useStored(`mapOverlay:${mrId}:ortho`, MapOverlaySchema);
  const osm = useStored(`mapOverlay:${mrId}:osm`, MapOverlaySchema);
  const overlay = ortho ?? osm;
  const located = useMemo(
    () =>
      tour.stations.flatMap((s) => {
        const first = s.entries[0];
        const location = first?.staLocation ?? locationFromMetadata(first?.staMetadata);
        return location ? [{ station: s, location }] : [];
      }),
    [tour.stations],
  );
  const lines = useMemo(() => trackLines(track), [track]);

  useEffect(() => {
    if (!container.current || located.length === 0) return undefined;
    let created: maplibregl.Map;
    try {
      created = new maplibregl.Map({
        container: container.current,
        style: {
          version: 8,
          sources: {},
          layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e2e8f0' } }],
        },
        attributionControl: false,
        // §2: beyond the layer's native zoom the map stretches its tiles
        maxZoom: MAP_MAX_ZOOM,
        // a screenshot or a print of the map shows what is drawn (the default buffer may read back empty)
        canvasContextAttributes: { preserveDrawingBuffer: true },
      });
    } catch (e) {
      console.warn('the map could not start (WebGL missing?)', e);
      setFailed(true);
      return undefined;
    }
    const bounds = new maplibregl.LngLatBounds();
    for (const { location } of located) bounds.extend([location.longitude, location.latitude]);
    created.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
    removed.current = false;
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(container.current);
    created.on('load', () => {
      // the container may have got its final height after the map measured it (lazy chunk, fonts)
      created.resize();
      created.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
      setMap(created);
    });
    return () => {
      observer.disconnect();
      removed.current = true;
      setMap(null);
      // eslint-disable-next-line local/no-direct-db-write -- the MapLibre map, not a document
      created.remove();
    };
  }, [located]);

  // the track as a line
  useEffect(() => {
    if (!map || lines.length === 0) return undefined;
    map.addSource('track', {
      type: 'geojson',
      data: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } },
    });
    map.addLayer({ id: 'track', type: 'line', source: 'track', paint: { 'line-color': '#1d4ed8', 'line-width': 4 } });
    return () => {
      if (removed.current) return;
      if (map.getLayer('track')) map.removeLayer('track');
      if (map.getSource('track')) map.removeSource('track');
    };
  }, [map, lines]);

  // the overlay image: drawn on a canvas, since the style's image source would fetch its data: URL (CSP connect-src)
  useEffect(() => {
    if (!map || !overlay || overlay.bounds.length < 2) return undefined;
    const lons = overlay.bounds.map((p) => Number(p[0]));
    const lats = overlay.bounds.map((p) => Number(p[1]));
    const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
    const canvas = document.createElement('canvas');
    const image = new Image();
    let added = false;
    image.onload = () => {
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      map.addSource('overlay', {
        type: 'canvas',
        canvas,
        animate: false,
        coordinates: [
          [w, n],
          [e, n],
          [e, s],
          [w, s],
        ],
      });
      map.addLayer(
        { id: 'overlay', type: 'raster', source: 'overlay', paint: { 'raster-opacity': 0.7 } },
        map.getLayer('track') ? 'track' : undefined,
      );
      added = true;
    };
    image.src = overlay.image;
    return () => {
      image.onload = null;
      if (removed.current) return;
      if (added && map.getLayer('overlay')) map.removeLayer('overlay');
      if (added && map.getSource('overlay')) map.removeSource('overlay');
    };
  }, [map, overlay]);

  // station markers, coloured by completion, spread or clustered where they would overlap; each a button
  const complete = useTourCompleteness();
  const overlapping = useStationMarkers(map, located, complete, setSelected);

  // the device position, when the user allows it
  useEffect(() => {
    let stopped = false;
    void devicePosition().then((p) => {
      if (!stopped) setPosition(p);
    });
    return () => {
      stopped = true;
    };
  }, []);
  useEffect(() => {
    if (!map || !position) return undefined;
    const el = document.createElement('div');
    el.className = 'size-5 rounded-full border-[3px] border-white bg-sky-600 shadow-md';
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', t`Your position`);
    el.dataset.testid = 'my-position';
    const marker = new maplibregl.Marker({ element: el }).setLngLat([position.longitude, position.latitude]).addTo(map);
    // eslint-disable-next-line local/no-direct-db-write -- a MapLibre marker, not a document
    return () => void marker.remove();
  }, [map, position, t]);

  const chosen = tour.stations.find((s) => s.staNumber === selected);
  if (located.length === 0) {
    return (
      <p className="rounded border-2 border-slate-400 p-3" data-testid="map-empty">
        <Trans>No station of this round has a location, so there is nothing to show on a map.</Trans>
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {failed && (
        <p role="alert" className="rounded border-2 border-red-700 p-3">
          <Trans>This browser cannot draw the map (WebGL is missing). Choose the station in the list.</Trans>
        </p>
      )}
      {/* above the map: below a 60 % high map it was out of sight */}
      {configured.length === 0 && !online && (
        <p className="text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="map-no-tiles">
          <Trans>
            The base map is shown online only: no map layer of this organisation can be stored on the device.
          </Trans>
        </p>
      )}
      {configured.length > 0 && !base.drawn[chosenLayer] && !online && (
        <p className="text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="map-no-tiles">
          <Trans>
            The base map is not stored on this device for this round; prepare it under "Rounds stored offline" while
            online.
          </Trans>
        </p>
      )}
      <div className="relative">
        <div
          ref={container}
          data-testid="tour-map"
          className="h-[60dvh] w-full overflow-hidden rounded border-2 border-slate-500"
          aria-label={t`Map of the round`}
          role="region"
        />
        {/* on the map, where the spread markers are seen (below a 60 % high map it was out of sight) */}
        {overlapping && (
          <p
            className="pointer-events-none absolute inset-x-1 bottom-1 rounded bg-white/90 p-1 text-xs text-slate-950 shadow"
            data-testid="map-overlap-hint"
          >
            <Trans>
              Stations at nearly the same place are drawn side by side with a dashed ring around a small dot at their
              place; a number stands for several stations: tap it to zoom in.
            </Trans>
          </p>
        )}
      </div>
      {base.tileError && (
        <p className="text-sm" data-testid="map-tile-error">
          <Trans>Some map tiles could not be loaded; the stations are shown anyway.</Trans>
        </p>
      )}
      {layers.length > 1 && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1" data-testid="layer-switcher">
          <legend className="text-sm font-semibold">
            <Trans>Base map</Trans>
          </legend>
          {layers.map((layer, i) => (
            <label key={`${layer.name}-${i}`} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="base-layer"
                className="size-5 accent-sky-700"
                checked={i === chosenLayer}
                onChange={() => setChosenLayer(i)}
              />
              {layer.name}
            </label>
          ))}
        </fieldset>
      )}
      {layers[chosenLayer]?.attribution && (
        <p className="text-xs" data-testid="map-attribution">
          {layers[chosenLayer].attribution}
        </p>
      )}
      <p className="text-sm">
        <Trans>Green: complete, red: not complete. Tap a station to choose it.</Trans>
      </p>
      {chosen && (
        <div
          className="flex flex-wrap items-center gap-2 rounded border-2 border-slate-700 p-2 dark:border-slate-300"
          data-testid="map-selection"
        >
          <span className="flex-1 font-semibold [overflow-wrap:anywhere]">{chosen.title}</span>
          <Button onClick={() => onOpen(chosen.staNumber)}>
            <Trans>Enter values</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
