import { map } from 'rxjs';
import type { AppDatabase } from './database';
import { useObservable } from './hooks';

/**
 * How many photos of one instance are on the server (`uploaded`) or still to send, live. Undefined until this
 * instance's photos were read: a screen that showed 0 meanwhile said "sent" without the photo sent with it, or
 * "0 photos waiting" of photos that were (a count read for an earlier instance is not this one's either).
 */
export function usePhotoCount(db: AppDatabase, instanceId: string | undefined, uploaded: boolean): number | undefined {
  const counted = useObservable<{ instanceId: string; count: number } | undefined>(
    // a find, not a count: RxDB refuses count queries that no index serves
    () =>
      instanceId === undefined
        ? undefined
        : db.photos
            .find({ selector: { instanceId, uploaded } })
            .$.pipe(map((docs) => ({ instanceId, count: docs.length }))),
    undefined,
    [db, instanceId, uploaded],
  );
  return instanceId !== undefined && counted?.instanceId === instanceId ? counted.count : undefined;
}
