import { useCallback, useState } from 'react';

/** §2 station list: compact (one line per timeseries, the office default) or full (history and details open). */
export type Density = 'compact' | 'full';
const KEY = 'hydrorounds.stationList';

export function parseDensity(stored: string | null | undefined): Density {
  return stored === 'full' ? 'full' : 'compact';
}

/** The chosen station list, remembered on this device. */
export function useDensity(): [Density, (next: Density) => void] {
  const [density, setDensity] = useState<Density>(() => parseDensity(globalThis.localStorage?.getItem(KEY)));
  const set = useCallback((next: Density) => {
    setDensity(next);
    globalThis.localStorage?.setItem(KEY, next);
  }, []);
  return [density, set];
}
