import { combineLatest, map, type Observable } from 'rxjs';
import type { MeasureRoundEntry } from '../../schemas/api';
import { tourRoundKey, tourSnapshot } from '../db/instance-round';
import type { AppDatabase } from '../db/database';
import { useDb } from '../db/db-context';
import { useObservable } from '../db/hooks';
import type { RefusedEntry } from '../domain/submit-refusal';

/** The instance whose round names the series of a refusal. */
export interface RefusedRound {
  instanceId: string;
  mrName: string;
}

const named = (entries: readonly MeasureRoundEntry[]): RefusedEntry[] =>
  entries.map(({ tsId, staName, staNumber, tsParameter }) => ({ tsId, staName, staNumber, tsParameter }));

/**
 * The entries a round's refusal is named from, as the screens that show the round take them: a stored tour's
 * own snapshot (src/db/instance-round.ts), else the round as pulled, looked up by name like the table
 * and the meteo list do. Empty when the device holds neither any more.
 */
export function refusedEntries$(db: AppDatabase, round: RefusedRound): Observable<readonly RefusedEntry[]> {
  return combineLatest([
    db.reference.findOne(tourRoundKey(round.instanceId)).$,
    db.rounds.findOne({ selector: { mrName: round.mrName } }).$,
  ]).pipe(map(([snapshot, pulled]) => named(tourSnapshot(snapshot)?.entries ?? pulled?.entries ?? [])));
}

/** The entries that name a refusal of `round`'s submission; undefined while they are read. */
export function useRefusedEntries(round: RefusedRound | undefined): readonly RefusedEntry[] | undefined {
  const db = useDb();
  const instanceId = round?.instanceId;
  const mrName = round?.mrName;
  return useObservable<readonly RefusedEntry[] | undefined>(
    () => (instanceId === undefined || mrName === undefined ? undefined : refusedEntries$(db, { instanceId, mrName })),
    undefined,
    [db, instanceId, mrName],
  );
}
