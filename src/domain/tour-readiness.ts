/** What a stored outdoor round needs on the device before the field worker leaves the network (§4). */
export interface TourReadinessInput {
  /** entries of the stored round */
  entryCount: number;
  /** entries whose history (last value, range or historic values) is on the device */
  entriesWithHistory: number;
  /** the round's map track or an overlay is stored */
  hasMapData: boolean;
  /** whether stations of the round carry a location (else the map has nothing to show) */
  stationsWithLocation: number;
  login: 'not-needed' | 'valid' | 'missing';
  online: boolean;
}

export type ReadinessItem = 'history' | 'map' | 'login';
export type ReadinessState = 'ok' | 'partial' | 'missing' | 'offline';

export interface ReadinessLine {
  item: ReadinessItem;
  state: ReadinessState;
}

/**
 * One line per item. History is partial when some entries have none (new timeseries have no history, so it
 * never blocks); login is "offline" when the device cannot check it now, since a stored round is entered
 * offline anyway and is sent once a login is possible.
 */
export function tourReadiness(i: TourReadinessInput): ReadinessLine[] {
  const history: ReadinessState = i.entryCount === 0 || i.entriesWithHistory === 0 ? 'missing' : i.entriesWithHistory < i.entryCount ? 'partial' : 'ok';
  const map: ReadinessState = i.hasMapData || i.stationsWithLocation > 0 ? 'ok' : 'missing';
  const login: ReadinessState = i.login === 'missing' ? (i.online ? 'missing' : 'offline') : 'ok';
  return [
    { item: 'history', state: history },
    { item: 'map', state: map },
    { item: 'login', state: login },
  ];
}

/** Whether every line is fine, so the list can show one green "ready" mark. */
export function isTourReady(lines: readonly ReadinessLine[]): boolean {
  return lines.every((l) => l.state === 'ok');
}
