import { useMemo } from 'react';
import { map, of, switchMap } from 'rxjs';
import type { HistoricValue } from '../../../schemas/api';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { draftsOfInstances$ } from '../../db/drafts-of-instances';
import { openRoundPoints, type EntryTimeContext } from '../../domain/draft-time';
import type { SeriesPoint } from '../../domain/analysis';
import { UNSENT_STATES } from '../../domain/round-lifecycle';

/** A round by its name (the {group} of the analysis addresses), null when none is stored. */
export function useGroupRound(group: string): RoundDoc | null | undefined {
  const db = useDb();
  return useObservable<RoundDoc | null | undefined>(
    () => db.rounds.findOne({ selector: { mrName: group } }).$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    undefined,
    [db, group],
  );
}

/** Every stored round whose entries hold one of the timeseries (direct chart links name timeseries, not rounds). */
export function useEntriesOf(tsIds: readonly string[]): Map<string, MeasureRoundEntry> | undefined {
  const db = useDb();
  const key = tsIds.join('\n');
  return useObservable<Map<string, MeasureRoundEntry> | undefined>(
    () =>
      db.rounds.find().$.pipe(
        map((rounds) => {
          const wanted = new Set(key.split('\n'));
          const found = new Map<string, MeasureRoundEntry>();
          for (const r of rounds)
            for (const e of r.entries) if (wanted.has(e.tsId) && !found.has(e.tsId)) found.set(e.tsId, e);
          return found;
        }),
      ),
    undefined,
    [db, key],
  );
}

/**
 * The stored history of the timeseries, by tsId, oldest first (one document per series, read by primary key);
 * a series without stored values is not in the map. Undefined while the query runs.
 */
export function useHistory(tsIds: readonly string[]): Map<string, HistoricValue[]> | undefined {
  const db = useDb();
  const key = tsIds.join('\n');
  return useObservable<Map<string, HistoricValue[]> | undefined>(
    () =>
      db.historicValues.findByIds(key.split('\n')).$.pipe(
        map((docs) => {
          const byTs = new Map<string, HistoricValue[]>();
          for (const [tsId, d] of docs)
            if (d.values.length > 0)
              byTs.set(
                tsId,
                d.toMutableJSON().values.map((v) => ({ ...v, tsId })),
              );
          return byTs;
        }),
      ),
    undefined,
    [db, key],
  );
}

/**
 * The values of the round's open (not yet sent) instances, by tsId: what the office compares with the
 * history, each at the timestamp it is sent with (draftTimestamp: in MEZ mode at UTC+1, not the wall clock).
 */
export function useOpenRoundPoints(mrIds: readonly string[], at: EntryTimeContext): Map<string, SeriesPoint[]> {
  const db = useDb();
  const key = mrIds.join('\n');
  const { defaultTime, zone } = at;
  const empty = useMemo(() => new Map<string, SeriesPoint[]>(), []);
  return useObservable<Map<string, SeriesPoint[]>>(
    () =>
      db.offlineInstances
        .find({ selector: { mrId: { $in: key.split('\n') }, syncState: { $in: [...UNSENT_STATES] } } })
        .$.pipe(
          switchMap((instances) => {
            if (instances.length === 0) return of(empty);
            const dates = new Map(instances.map((i) => [i.instanceId, i.date]));
            return draftsOfInstances$(db, [...dates.keys()]).pipe(
              map((drafts) => openRoundPoints(drafts, dates, { defaultTime, ...(zone ? { zone } : {}) })),
            );
          }),
        ),
    empty,
    [db, key, defaultTime, zone],
  );
}
