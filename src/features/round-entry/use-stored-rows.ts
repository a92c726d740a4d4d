import { useCallback } from 'react';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useDb } from '../../db/db-context';
import type { IndoorInstance } from './use-indoor-instance';
import { buildRowModels, type RowModel } from './row-model';
import { copyEntries } from '../../domain/station-copies';

/** At submit time: wait for every write in flight, then validate exactly what is stored (table and tour). */
export function useStoredRows(
  round: RoundDoc | null | undefined,
  date: string,
  opts: { defaultTime: string; formulaGenerator: boolean; zone?: string },
  settled: IndoorInstance['settled'],
): () => Promise<{ instanceId?: string; taskChanges: number; rows: RowModel[] }> {
  const db = useDb();
  const { defaultTime, formulaGenerator, zone } = opts;
  return useCallback(async () => {
    const stored = await settled();
    const selector = { instanceId: stored?.instance.instanceId ?? '' };
    const taskChanges = stored
      ? (await db.tasks.count({ selector }).exec()) + (await db.facilities.count({ selector }).exec())
      : 0;
    return {
      instanceId: stored?.instance.instanceId,
      taskChanges,
      rows: round
        ? buildRowModels(
            [...round.entries, ...copyEntries(round.entries, stored?.drafts ?? [])],
            stored?.drafts ?? [],
            { date, defaultTime, now: new Date(), formulaGenerator, zone },
          )
        : [],
    };
  }, [settled, round, date, defaultTime, formulaGenerator, zone, db]);
}
