import { map } from 'rxjs';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

/** One archived round from the local copy: undefined while loading, null when it is not on this device. */
export function useCompletedRound(instanceId: string): CompletedRoundDoc | null | undefined {
  const db = useDb();
  return useObservable<CompletedRoundDoc | null | undefined>(
    () => db.completedRounds.findOne(instanceId).$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    undefined,
    [db, instanceId],
  );
}
