import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { transition, userActions, type LifecycleContext, type LifecycleEvent } from '../domain/round-lifecycle';
import type { AppDatabase } from './database';

/**
 * Every write of a round instance's state (Architecture §3). Each command is a compare-and-set: RxDB's
 * incrementalModify runs the guard on the newest stored revision (again after a conflict), and the guard asks the
 * lifecycle (src/domain/round-lifecycle.ts) whether the move is allowed and, for the queue, whether the document is
 * still at the edit revision its send started from. So a user's edit and a send never overwrite each other:
 * whichever comes second sees the other's write and is refused or adapts.
 * This file holds the compare-and-set and what the guards share; the commands are the user's (instance-commands.ts)
 * and the submit queue's (send-commands.ts). Screens, hooks, the tour, meteo and the queue call those; nothing else
 * patches an instance document.
 */

/** The id the next POST of an instance uses: its own, or a correction's new one. */
export function submissionIdOf(d: Pick<OfflineInstanceDoc, 'instanceId' | 'submissionId'>): string {
  return d.submissionId ?? d.instanceId;
}

/** What the lifecycle needs to know about a stored instance. */
export function lifecycleContext(
  d: Pick<OfflineInstanceDoc, 'instanceId' | 'submissionId' | 'storedSubmissionId' | 'corrects'>,
): LifecycleContext {
  return {
    valuesStored: d.storedSubmissionId !== undefined && d.storedSubmissionId === submissionIdOf(d),
    isCorrection: d.corrects !== undefined,
  };
}

/** What the user may do with this instance now. */
export function actionsOf(d: OfflineInstanceDoc) {
  return userActions(d.syncState, lifecycleContext(d));
}

/** The refused command: the state or revision moved on (another tab, the queue, or the user). */
export class InstanceConflict extends Error {
  constructor(
    readonly instanceId: string,
    readonly reason: 'missing' | 'refused' | 'changed',
  ) {
    super(`instance ${instanceId}: ${reason}`);
    this.name = 'InstanceConflict';
  }
}

export type Guard = (d: OfflineInstanceDoc) => OfflineInstanceDoc | null;

/** Per instance, the end of this tab's last command on it (see `inOrder`). */
const lastCommand = new Map<string, Promise<unknown>>();

/**
 * Runs `step` once every earlier command of this tab on the instance has ended: its compare-and-sets, and each
 * edit's check together with the start of its write (`withEdit`). So a round's keystrokes are stored in the order
 * they were typed, however long one key's check takes: the first key after an error writes the way back to
 * editing while the next keys' checks find nothing to write, and those must not pass it (a correction once sent
 * "16" while the field showed 1681,5, corrections.e2e.ts at load). Steps never wait for another command of the
 * same instance, so the chain cannot deadlock.
 */
export function inOrder<T>(instanceId: string, step: () => Promise<T>): Promise<T> {
  const run = (lastCommand.get(instanceId) ?? Promise.resolve()).then(step);
  const ended = run.then(
    () => undefined,
    () => undefined,
  );
  lastCommand.set(instanceId, ended);
  void ended.then(() => {
    if (lastCommand.get(instanceId) === ended) lastCommand.delete(instanceId);
  });
  return run;
}

/**
 * Applies `guard` to the newest stored revision; null from the guard refuses (nothing written).
 * Resolves to the stored result, or null when refused or missing. Not in order by itself: see `compareAndSet`.
 */
export async function compareAndSetNow(
  db: AppDatabase,
  instanceId: string,
  guard: Guard,
  { skipUnchanged = false }: { skipUnchanged?: boolean } = {},
): Promise<OfflineInstanceDoc | null> {
  if (skipUnchanged) {
    // A guard that answers the revision it was given unchanged needs no write: RxDB's incrementalModify would
    // write a new revision anyway (an IndexedDB write, a change event and the renders of everything showing the
    // instance, on every key). Read from the storage itself, not RxDB's caches: another tab's write (a submit)
    // is there the moment it committed, before its change event reached this tab. This tab's own commands run
    // one after the other (inOrder), so none moves the instance between this read and the start of the caller's
    // write (withEdit); a submit waits for the writes under way before it queues (useIndoorInstance's settled).
    const [stored] = await db.offlineInstances.storageInstance.findDocumentsById([instanceId], false);
    if (!stored) return null;
    const { _meta, _rev, _deleted, _attachments, ...current } = stored;
    if (guard(current) === current) return current;
  }
  const doc = await db.offlineInstances.findOne(instanceId).exec();
  if (!doc) return null;
  let refused = false;
  const after = await doc.incrementalModify((d) => {
    const next = guard(d);
    refused = next === null;
    return next ?? d;
  });
  return refused ? null : after.toMutableJSON();
}

/** `compareAndSetNow` after this tab's earlier commands on the instance (`inOrder`). */
export function compareAndSet(db: AppDatabase, instanceId: string, guard: Guard): Promise<OfflineInstanceDoc | null> {
  return inOrder(instanceId, () => compareAndSetNow(db, instanceId, guard));
}

/** Moves `d` by `event` if the lifecycle allows it; null when refused. */
export function move(
  d: OfflineInstanceDoc,
  event: LifecycleEvent,
  changes: Partial<OfflineInstanceDoc> = {},
): OfflineInstanceDoc | null {
  const to = transition(d.syncState, event, lifecycleContext(d));
  if (to === null) return null;
  return { ...d, ...changes, syncState: to, updatedAt: Math.max(Date.now(), d.updatedAt + 1) };
}

export function without<K extends keyof OfflineInstanceDoc>(d: OfflineInstanceDoc, ...keys: K[]): OfflineInstanceDoc {
  const copy = { ...d };
  for (const k of keys) delete copy[k];
  return copy;
}

/**
 * The server holds this instance's current submission: the next send is a correction under a new instanceId
 * that names it (a changed body under a stored instanceId is refused by the server, never merged).
 */
export function forkCorrection(d: OfflineInstanceDoc, newId: () => string): OfflineInstanceDoc {
  if (!lifecycleContext(d).valuesStored) return d;
  return { ...without(d, 'valueCount', 'sentAt'), corrects: submissionIdOf(d), submissionId: newId() };
}

export const newId = () => crypto.randomUUID();
