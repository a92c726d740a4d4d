import { combineLatest, distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { TYPED_PATTERN } from '../domain/filled';
import { holdsUnsentData } from '../domain/lifecycle-states';
import type { AppDatabase } from './database';

/** A draft with a character that is not white space in its value or remark holds typed data (src/domain/filled.ts). */
const TYPED = { $regex: TYPED_PATTERN };

/**
 * Whether an instance has a typed draft. One findOne per instance instead of every draft of every round: a
 * keystroke changes no answer here, so RxDB's event reduction keeps it without emitting (bench/sync-status.ts:
 * the find over 2,000 drafts cost about 1.5 ms per keystroke).
 */
function hasTypedDraft$(db: AppDatabase, instanceId: string): Observable<boolean> {
  return db.drafts.findOne({ selector: { instanceId, $or: [{ text: TYPED }, { remark: TYPED }] } }).$.pipe(
    map((d) => d !== null),
    distinctUntilChanged(),
  );
}

/**
 * Which of these instances have a typed draft, live. Per instance, as above: one query of the drafts for them all
 * (`instanceId: { $in: ids }`) is answered by RxDB reading every draft whose round id sorts between the smallest and
 * the largest asked for, on a device with months of sent rounds most of its drafts (docs/benchmarks.md).
 */
export function typedInstanceIds$(db: AppDatabase, instanceIds: readonly string[]): Observable<Set<string>> {
  if (instanceIds.length === 0) return of(new Set<string>());
  return combineLatest(instanceIds.map((id) => hasTypedDraft$(db, id))).pipe(
    map((typed) => new Set(instanceIds.filter((_, i) => typed[i] === true))),
  );
}

/** The instances the server does not hold all of, each with whether it has a typed draft. */
function instancesWithTyped$(db: AppDatabase): Observable<{ doc: OfflineInstanceDoc; typed: boolean }[]> {
  return db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } }, sort: [{ updatedAt: 'asc' }] }).$.pipe(
    map((docs) => docs.map((d) => d.toMutableJSON())),
    switchMap((docs) =>
      docs.length === 0
        ? of([])
        : combineLatest(docs.map((d) => hasTypedDraft$(db, d.instanceId))).pipe(
            map((typed) => docs.map((doc, i) => ({ doc, typed: typed[i] === true }))),
          ),
    ),
  );
}

/**
 * Every round with data the server does not hold (typed drafts, stored tours, queued, waiting, error), oldest
 * first: what the navbar's sync status counts.
 */
export function unsentRounds$(db: AppDatabase): Observable<OfflineInstanceDoc[]> {
  return combineLatest([
    instancesWithTyped$(db),
    db.photos.find().$.pipe(map((docs) => new Set(docs.map((d) => d.instanceId)))),
    // a station task done or a facility changed is entered data too (§4 filled entry)
    combineLatest([db.tasks.find().$, db.facilities.find().$]).pipe(
      map(([tasks, facilities]) => new Set([...tasks, ...facilities].map((d) => d.instanceId))),
    ),
  ]).pipe(
    map(([instances, photographed, changed]) =>
      instances
        .filter(({ doc: d, typed }) =>
          holdsUnsentData(d.syncState, {
            mode: d.mode,
            hasContent:
              typed || photographed.has(d.instanceId) || changed.has(d.instanceId) || !!d.mrRemark || !!d.mrTeam,
          }),
        )
        .map(({ doc }) => doc),
    ),
  );
}
