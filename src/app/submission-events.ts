import { filter, map, type Observable } from 'rxjs';
import type { OfflineInstanceDoc, SubmitError, SyncState } from '../../schemas/db/offline-instance-doc';
import type { AppDatabase } from '../db/database';

export interface SubmissionEvent {
  outcome: 'sent' | 'error';
  instanceId: string;
  mrName: string;
  date: string;
  mode: OfflineInstanceDoc['mode'];
  valueCount: number;
  /** §3 Alert dt: when the outcome happened (ISO), shown in the toast so a late reader knows when */
  dt: string;
  lastError?: SubmitError;
  /** a correction of a submission the server holds */
  correction?: boolean;
}

/**
 * A submission finished when an instance's sync state changes to 'sent' or 'error'. Every other write
 * (a keystroke in a draft, a retry, a re-save of an instance already in error) is no news.
 */
export function submissionOutcome(
  previous: SyncState | undefined,
  next: SyncState,
): SubmissionEvent['outcome'] | undefined {
  if (next === previous) return undefined;
  return next === 'sent' || next === 'error' ? next : undefined;
}

/**
 * Finished submissions of this device as they happen, from RxDB's change stream: the queue runs in the
 * leader tab only, and multi-instance RxDB brings its writes to every tab, so each tab hears about them.
 */
export function watchSubmissions(db: AppDatabase): Observable<SubmissionEvent> {
  return db.offlineInstances.$.pipe(
    filter((e) => e.operation === 'UPDATE'),
    map((e) => {
      const doc = e.documentData;
      const outcome = submissionOutcome(e.previousDocumentData?.syncState, doc.syncState);
      if (!outcome) return undefined;
      const event: SubmissionEvent = {
        outcome,
        instanceId: doc.instanceId,
        mrName: doc.mrName,
        date: doc.date,
        mode: doc.mode,
        valueCount: doc.valueCount ?? 0,
        dt: new Date(outcome === 'sent' && doc.sentAt !== undefined ? doc.sentAt : doc.updatedAt).toISOString(),
      };
      const withCorrection = doc.corrects !== undefined ? { ...event, correction: true } : event;
      return doc.lastError ? { ...withCorrection, lastError: doc.lastError } : withCorrection;
    }),
    filter((e): e is SubmissionEvent => e !== undefined),
  );
}
