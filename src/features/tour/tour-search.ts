/** The tour's child screens (§2 mobile: their paths are not shown, so they live in the search params). */
export const TOUR_VIEWS = ['list', 'map', 'input', 'metadata', 'overview', 'barcode', 'photo'] as const;
export type TourView = (typeof TOUR_VIEWS)[number];
export type TourDensity = 'compact' | 'full';

export interface TourSearch {
  view?: TourView;
  /** the station shown by input, metadata and photo (its staNumber) */
  station?: string;
  density?: TourDensity;
  /** the timeseries a scanned barcode led to: its value input is focused and highlighted in the input view */
  ts?: string;
}

/** A hand-edited or stale URL opens the station list instead of crashing. */
export function parseTourSearch(search: Record<string, unknown>): TourSearch {
  const view = TOUR_VIEWS.find((v) => v === search.view);
  const station =
    typeof search.station === 'string' && search.station !== ''
      ? search.station
      : typeof search.station === 'number'
        ? String(search.station)
        : undefined;
  const density = search.density === 'compact' || search.density === 'full' ? search.density : undefined;
  const ts = typeof search.ts === 'string' && search.ts !== '' ? search.ts : undefined;
  return {
    ...(view ? { view } : {}),
    ...(station ? { station } : {}),
    ...(density ? { density } : {}),
    ...(ts ? { ts } : {}),
  };
}
