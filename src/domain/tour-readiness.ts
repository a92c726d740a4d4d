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
  /** base map tiles of the default layer stored for this round; undefined when the config names no layer */
  tiles?: TileStock | undefined;
}

/** What "prepare map for offline" stored: tiles planned, tiles in the cache, their bytes. */
export interface TileStock {
  total: number;
  stored: number;
  bytes: number;
}

export type ReadinessItem = 'history' | 'map' | 'tiles' | 'login';
export type ReadinessState = 'ok' | 'partial' | 'missing' | 'offline';

export interface ReadinessLine {
  item: ReadinessItem;
  state: ReadinessState;
  /** for tiles: how many are stored, so the line can say "ready (N tiles, X MB)" or "partly" */
  tiles?: TileStock;
}

/**
 * One line per item. History is partial when some entries have none (new timeseries have no history, so it
 * never blocks); login is "offline" when the device cannot check it now, since a stored round is entered
 * offline anyway and is sent once a login is possible. Base map tiles are listed when a layer is configured.
 */
export function tourReadiness(i: TourReadinessInput): ReadinessLine[] {
  const history: ReadinessState =
    i.entryCount === 0 || i.entriesWithHistory === 0
      ? 'missing'
      : i.entriesWithHistory < i.entryCount
        ? 'partial'
        : 'ok';
  const map: ReadinessState = i.hasMapData || i.stationsWithLocation > 0 ? 'ok' : 'missing';
  const login: ReadinessState = i.login === 'missing' ? (i.online ? 'missing' : 'offline') : 'ok';
  const lines: ReadinessLine[] = [
    { item: 'history', state: history },
    { item: 'map', state: map },
  ];
  if (i.tiles) lines.push({ item: 'tiles', state: tileState(i.tiles), tiles: i.tiles });
  lines.push({ item: 'login', state: login });
  return lines;
}

/** Ready when every planned tile is stored; partly when some are (a cancelled or failed run). */
function tileState(s: TileStock): ReadinessState {
  if (s.total === 0 || s.stored === 0) return 'missing';
  return s.stored >= s.total ? 'ok' : 'partial';
}

/** Whether every line is fine, so the list can show one green "ready" mark. */
export function isTourReady(lines: readonly ReadinessLine[]): boolean {
  return lines.every((l) => l.state === 'ok');
}
