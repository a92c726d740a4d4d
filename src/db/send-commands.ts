import type { OfflineInstanceDoc, SubmitError } from '../../schemas/db/offline-instance-doc';
import type { AppDatabase } from './database';
import { compareAndSet, forkCorrection, move, newId, submissionIdOf, without } from './instance-guard';

/**
 * The submit queue's commands on a round instance: it takes it, records each step the server confirmed, and stops.
 * Each is refused once the send no longer owns the instance (an edit, "Edit again", another tab): see instance-guard.ts.
 */

/** The queue takes the instance: resolves to the snapshot it sends (with sendRev), or null when it moved on. */
export function startSend(db: AppDatabase, instanceId: string): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => move(d, 'start-send', { sendRev: d.editRev ?? 0, attempts: 0 }));
}

/** The send that started at `sendRev` still owns the instance (no edit, no other tab took it). */
function owns(d: OfflineInstanceDoc, sendRev: number): boolean {
  return (
    d.sendRev === sendRev &&
    (d.editRev ?? 0) === sendRev &&
    (d.syncState === 'sending' || d.syncState === 'values-stored')
  );
}

/** One more try of a step (for the progress shown); refused when the send no longer owns the instance. */
export function recordAttempt(
  db: AppDatabase,
  instanceId: string,
  sendRev: number,
  attempt: number,
): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) =>
    owns(d, sendRev) ? { ...d, attempts: attempt, updatedAt: Math.max(Date.now(), d.updatedAt + 1) } : null,
  );
}

/**
 * The server confirmed holding the values of `submissionId` (`conflict`: it holds a different body under that id,
 * answered 409). This is a fact about the server and is always recorded. If the user edited meanwhile, the edit
 * becomes a correction; after a conflict the instance is queued again as a correction. Resolves to true when the
 * send still owns the instance and goes on (photos), false when it must stop.
 */
export async function recordValuesStored(
  db: AppDatabase,
  instanceId: string,
  submissionId: string,
  sendRev: number,
  opts: { valueCount?: number; conflict?: boolean; entryKeys?: readonly string[] } = {},
): Promise<boolean> {
  let goesOn = false;
  await compareAndSet(db, instanceId, (d) => {
    goesOn = false;
    if (submissionIdOf(d) !== submissionId) return null; // already forked by an earlier record
    const stored: OfflineInstanceDoc = {
      ...d,
      storedSubmissionId: submissionId,
      valuesStoredAt: Date.now(),
      ...(opts.valueCount !== undefined ? { valueCount: opts.valueCount } : {}),
      ...(opts.entryKeys ? { storedEntryKeys: [...new Set([...(d.storedEntryKeys ?? []), ...opts.entryKeys])] } : {}),
    };
    if (owns(d, sendRev) && !opts.conflict) {
      goesOn = true;
      return d.syncState === 'values-stored' ? stored : move(stored, 'values-stored');
    }
    // Edited during the send, or the server holds another body: what is on the device now is a correction.
    const forked = forkCorrection(stored, newId);
    if (owns(d, sendRev))
      return (
        move(forked, 'resume', {
          lastError: { code: 'conflict', detail: `the server holds another version of ${submissionId}` },
        }) ?? forked
      );
    return d.syncState === 'draft' ? { ...forked, syncState: 'correction' } : forked;
  });
  return goesOn;
}

/** One photo reached the server. */
export async function recordPhotoStored(db: AppDatabase, photoId: string): Promise<void> {
  await (await db.photos.findOne(photoId).exec())?.incrementalPatch({ uploaded: true });
}

/** Everything reached the server: sent, but only if no edit came in since the send started. */
export function finishSend(
  db: AppDatabase,
  instanceId: string,
  sendRev: number,
  valueCount?: number,
): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => {
    if (!owns(d, sendRev)) return null;
    const moved = move(d, 'finish', { sentAt: Date.now(), ...(valueCount !== undefined ? { valueCount } : {}) });
    return moved && without(moved, 'lastError');
  });
}

/** How a step stopped: failed for good, waits for a login, or for the network. */
export type SendStop = 'fail' | 'need-login' | 'offline';

/** The send stopped; a later edit wins (nothing is written over it). */
export function stopSend(
  db: AppDatabase,
  instanceId: string,
  sendRev: number,
  stop: SendStop,
  error: SubmitError,
): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => (owns(d, sendRev) ? move(d, stop, { lastError: error }) : null));
}

/** Refused before it was sent (no round, not buildable): back to an error the user can correct. */
export function failBeforeSend(
  db: AppDatabase,
  instanceId: string,
  sendRev: number,
  error: SubmitError,
): Promise<OfflineInstanceDoc | null> {
  return stopSend(db, instanceId, sendRev, 'fail', error);
}

/** Another user is logged in, or none: the instance waits for its author (from queued, or mid-send). */
export function waitForLogin(
  db: AppDatabase,
  instanceId: string,
  error: SubmitError,
): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => move(d, 'need-login', { lastError: error }));
}

/** Its author logged in, the network came back, or the app restarted mid-send: it is sent again. */
export function resumeInstance(db: AppDatabase, instanceId: string): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => {
    const moved = move(d, 'resume');
    return moved && (d.lastError?.code === 'conflict' ? moved : without(moved, 'lastError'));
  });
}

/** Appends to the instance's log of tries (support); not a state change, so it never conflicts with one. */
export async function appendAttemptLog(
  db: AppDatabase,
  instanceId: string,
  entry: NonNullable<OfflineInstanceDoc['attemptLog']>[number],
  keep: number,
): Promise<void> {
  await compareAndSet(db, instanceId, (d) => ({ ...d, attemptLog: [...(d.attemptLog ?? []), entry].slice(-keep) }));
}
