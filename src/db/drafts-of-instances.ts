import { combineLatest, map, of, type Observable } from 'rxjs';
import type { RxDocument } from 'rxdb';
import type { DraftDoc } from '../../schemas/db/draft-doc';
import type { AppDatabase } from './database';

/**
 * The drafts of these instances, live: one query per instance, each read from its own range of the instanceId
 * index. One query for them all (`instanceId: { $in: ids }`) is answered by RxDB reading every draft whose round id
 * sorts between the smallest and the largest asked for: on a device with months of sent rounds, most of its drafts.
 */
export function draftsOfInstances$(
  db: AppDatabase,
  instanceIds: readonly string[],
): Observable<RxDocument<DraftDoc>[]> {
  if (instanceIds.length === 0) return of([]);
  return combineLatest(instanceIds.map((instanceId) => db.drafts.find({ selector: { instanceId } }).$)).pipe(
    map((lists) => lists.flat()),
  );
}
