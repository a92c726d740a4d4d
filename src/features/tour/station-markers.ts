import { useLingui } from '@lingui/react/macro';
import maplibregl from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { Location } from '../../../schemas/api';
import { layoutMarkers, type MarkerGroup, type RingSide } from '../../domain';
import type { StationGroup } from '../round-entry/row-model';

export interface LocatedStation {
  station: StationGroup;
  location: Location;
}

/** A 32 px marker plus a margin (measured on a 390 px phone: closer dots covered each other). */
const MIN_DISTANCE = 40;
/**
 * The dam round's 24 gallery stations lie in one line ~20 px apart on the whole-round view of a phone: a ring of 24
 * (306 px across) still fits a 390 px screen and shows every station; a bigger group would not, so it is a cluster.
 */
const MAX_SPREAD = 24;

const lngLat = (l: Location): [number, number] => [l.longitude, l.latitude];

/** The marker layout for the map's current zoom; recomputed when a zoom or resize ends (panning keeps it). */
function useLayout(map: maplibregl.Map | null, located: readonly LocatedStation[]): MarkerGroup[] {
  const [layout, setLayout] = useState<{ key: string; groups: MarkerGroup[] }>({ key: '', groups: [] });
  useEffect(() => {
    if (!map) return undefined;
    const compute = () => {
      const points = located.map(({ location }) => map.project(lngLat(location)));
      const groups = layoutMarkers(points, {
        minDistance: MIN_DISTANCE,
        maxSpread: MAX_SPREAD,
        canZoom: map.getZoom() < map.getMaxZoom() - 0.5,
      });
      // whole pixels: the same layout after a pan must not recreate the markers (a focused one would lose focus)
      const key = JSON.stringify(groups, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v));
      setLayout((old) => (old.key === key ? old : { key, groups }));
    };
    compute();
    map.on('zoomend', compute);
    map.on('resize', compute);
    return () => {
      map.off('zoomend', compute);
      map.off('resize', compute);
    };
  }, [map, located]);
  return layout.groups;
}

/**
 * Rings larger than this label their stations with the ordinal only: a ring of 24 is ~300 px across, so names
 * beside it ran out of a phone's map; the name is in the button's name and in the selection after a tap.
 */
const FULL_LABELS_UP_TO = 8;

interface LabelPlace {
  side: RingSide;
  short: boolean;
}

const OPPOSITE: Record<RingSide, RingSide> = { left: 'right', right: 'left', up: 'down', down: 'up' };
const LABEL_PLACE: Record<RingSide, string> = {
  right: 'top-1/2 left-full ml-1 -translate-y-1/2',
  left: 'top-1/2 right-full mr-1 -translate-y-1/2',
  up: 'bottom-full left-1/2 mb-1 -translate-x-1/2',
  down: 'top-full left-1/2 mt-1 -translate-x-1/2',
};

function labelOf(station: StationGroup, { side, short }: LabelPlace): HTMLSpanElement {
  // ordinal and name beside the dot (unlabelled dots on a blank offline map told nothing)
  const name = station.entries[0]?.staName ?? station.title;
  const label = document.createElement('span');
  label.setAttribute('aria-hidden', 'true');
  label.className = `pointer-events-none absolute max-w-40 truncate rounded bg-white/90 px-1 text-xs font-semibold whitespace-nowrap text-slate-950 shadow ${LABEL_PLACE[side]}`;
  label.textContent = short && station.ordinal ? station.ordinal : [station.ordinal, name].filter(Boolean).join(' ');
  return label;
}

/**
 * The station markers of the tour map, coloured by completion, each a button with its label; near ones spread
 * around a small dot at their true centre (dashed ring), many near ones as a cluster with their count that zooms in
 * on tap (docs/tour.md, Map). Returns whether any marker is spread or clustered, for the hint under the map.
 */
export function useStationMarkers(
  map: maplibregl.Map | null,
  located: readonly LocatedStation[],
  /** undefined until read: no markers until then (all red for that moment, as "not complete") */
  complete: ReadonlyMap<string, boolean> | undefined,
  onSelect: (staNumber: string) => void,
): boolean {
  const { t } = useLingui();
  const groups = useLayout(map, located);
  useEffect(() => {
    if (!map || !complete) return undefined;
    const markers: maplibregl.Marker[] = [];
    // a ring's labels point away from its other members: full names outward, short ordinals inward (see below)
    const stationMarker = (
      index: number,
      offset: [number, number] = [0, 0],
      place: LabelPlace = { side: 'right', short: false },
    ) => {
      const entry = located[index];
      if (!entry) return;
      const { station, location } = entry;
      const done = complete.get(station.staNumber) === true;
      const spread = offset[0] !== 0 || offset[1] !== 0;
      const el = document.createElement('button');
      el.type = 'button';
      el.dataset.station = station.staNumber;
      el.dataset.complete = String(done);
      if (spread) el.dataset.spread = 'true';
      el.setAttribute('aria-label', done ? t`${station.title}: complete` : t`${station.title}: not complete`);
      el.className = `relative size-8 rounded-full border-[3px] border-white shadow-md focus-visible:outline-3 focus-visible:outline-amber-500 ${done ? 'bg-green-700' : 'bg-red-600'} ${spread ? 'outline-2 outline-offset-1 outline-slate-900 outline-dashed' : ''}`;
      el.title = station.title;
      el.append(labelOf(station, place));
      el.addEventListener('click', () => onSelect(station.staNumber));
      markers.push(new maplibregl.Marker({ element: el, offset }).setLngLat(lngLat(location)).addTo(map));
    };
    for (const group of groups) {
      if (group.kind === 'single') stationMarker(group.index);
      if (group.kind === 'spread') {
        // the true place of the spread stations
        const centre = document.createElement('div');
        centre.setAttribute('aria-hidden', 'true');
        centre.dataset.testid = 'spread-centre';
        centre.className = 'size-3 rounded-full border-2 border-white bg-slate-900';
        markers.push(
          new maplibregl.Marker({ element: centre }).setLngLat(map.unproject([group.x, group.y])).addTo(map),
        );
        const short = group.members.length > FULL_LABELS_UP_TO;
        // short labels point into the ring, which has room for them; outward they ran off the map's edges
        for (const m of group.members)
          stationMarker(m.index, [m.dx, m.dy], { side: short ? OPPOSITE[m.side] : m.side, short });
      }
      if (group.kind === 'cluster') {
        const members = group.members.flatMap((i) => (located[i] ? [located[i]] : []));
        const el = document.createElement('button');
        el.type = 'button';
        el.dataset.cluster = String(members.length);
        el.setAttribute('aria-label', t`${members.length} stations close together: zoom in`);
        el.className =
          'flex size-11 items-center justify-center rounded-full border-[3px] border-white bg-slate-800 text-base font-bold text-white shadow-md focus-visible:outline-3 focus-visible:outline-amber-500';
        el.textContent = String(members.length);
        // two zoom levels (4× apart) at least: fitting the members alone may not zoom in when they fill the view
        const centre = map.unproject([group.x, group.y]);
        el.addEventListener('click', () =>
          map.easeTo({ center: centre, zoom: Math.min(map.getMaxZoom(), map.getZoom() + 2), duration: 300 }),
        );
        markers.push(new maplibregl.Marker({ element: el }).setLngLat(centre).addTo(map));
      }
    }
    // eslint-disable-next-line local/no-direct-db-write -- MapLibre markers, not documents
    return () => markers.forEach((m) => m.remove());
  }, [map, located, groups, complete, onSelect, t]);
  return groups.some((g) => g.kind !== 'single');
}
