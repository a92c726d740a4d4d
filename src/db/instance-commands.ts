import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { DraftPatch } from '../../schemas/db/draft-doc';
import { instanceVisibleTo, ownerOf } from '../domain/data-owner';
import { missedByASend, UNSENT_STATES } from '../domain/round-lifecycle';
import type { AppDatabase } from './database';
import { writeDraft } from './draft-store';
import { currentUser } from './data-owner';
import {
  actionsOf,
  compareAndSet,
  compareAndSetNow,
  forkCorrection,
  inOrder,
  InstanceConflict,
  lifecycleContext,
  move,
  newId,
  without,
} from './instance-guard';

export { actionsOf, lifecycleContext, submissionIdOf } from './instance-guard';

// The user's commands on a round instance: create, edit, submit, "Edit again", delete (see instance-guard.ts).

export type NewInstance = Pick<OfflineInstanceDoc, 'mrId' | 'mrName' | 'mode' | 'date'> &
  Partial<Pick<OfflineInstanceDoc, 'instanceId' | 'mrGroup' | 'mrTeam' | 'mrRemark' | 'creationTime'>>;

/** A new draft instance owned by the logged-in user. */
export async function createInstance(
  db: AppDatabase,
  fields: NewInstance,
  owner?: string,
): Promise<OfflineInstanceDoc> {
  const now = Date.now();
  const doc = await db.offlineInstances.insert({
    instanceId: newId(),
    creationTime: new Date(now).toISOString(),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    mrId: fields.mrId,
    mrName: fields.mrName,
    mode: fields.mode,
    date: fields.date,
    owner: owner ?? (await currentUser(db)),
    syncState: 'draft',
    editRev: 0,
    updatedAt: now,
  });
  return doc.toMutableJSON();
}

/**
 * The current user's open instance of a round, date and mode, created when there is none. Two tabs typing the
 * first value of a round at the same moment would each create one and split their values over two rounds: a Web
 * Lock per round, date and mode lets the second tab find the first one's instance instead. `anyState`: a meteo
 * month is one instance whatever its state (a transferred month stays, read-only).
 */
export async function openOrCreateInstance(
  db: AppDatabase,
  fields: NewInstance,
  { anyState = false }: { anyState?: boolean } = {},
): Promise<string> {
  const findOrCreate = async () => {
    const user = await currentUser(db);
    const open = await db.offlineInstances
      .find({
        selector: {
          mrId: fields.mrId,
          date: fields.date,
          mode: fields.mode,
          ...(anyState ? {} : { syncState: { $in: [...UNSENT_STATES] } }),
        },
        sort: [{ updatedAt: 'desc' }],
      })
      .exec();
    const mine = open.map((d) => d.toMutableJSON()).find((d) => instanceVisibleTo(ownerOf(d), user));
    return mine?.instanceId ?? (await createInstance(db, fields, user)).instanceId;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks
    ? locks.request(`open-instance:${fields.mrId}:${fields.date}:${fields.mode}`, findOrCreate)
    : findOrCreate();
}

/**
 * The user changed something of the instance (a value, a photo, team, remark): allowed only while it is being
 * edited; an instance in error goes back to editing (a correction when the server holds its values).
 * Throws InstanceConflict when the instance is on its way (the screen must "Edit again" first).
 */
export function recordEdit(
  db: AppDatabase,
  instanceId: string,
  fields: Partial<Pick<OfflineInstanceDoc, 'mrTeam' | 'mrRemark' | 'date'>> = {},
): Promise<OfflineInstanceDoc> {
  return inOrder(instanceId, () => recordEditNow(db, instanceId, fields));
}

async function recordEditNow(
  db: AppDatabase,
  instanceId: string,
  fields: Partial<Pick<OfflineInstanceDoc, 'mrTeam' | 'mrRemark' | 'date'>> = {},
): Promise<OfflineInstanceDoc> {
  const after = await compareAndSetNow(
    db,
    instanceId,
    (d) => {
      const changesFields = Object.entries(fields).some(([k, value]) => d[k as keyof OfflineInstanceDoc] !== value);
      // Typing into a draft needs no write of the instance: a send never starts from an editable state.
      if (d.syncState !== 'error' && !changesFields && (d.syncState === 'draft' || d.syncState === 'correction'))
        return d;
      const moved = move(forkCorrection(d, newId), 'edit', { ...fields, editRev: (d.editRev ?? 0) + 1 });
      return moved && without(moved, 'lastError');
    },
    { skipUnchanged: true },
  );
  if (!after)
    throw new InstanceConflict(
      instanceId,
      (await db.offlineInstances.findOne(instanceId).exec()) ? 'refused' : 'missing',
    );
  return after;
}

/**
 * The one rule for every part a round's submission carries (a value, a photo, a station task, a facility change,
 * a station copy): record the edit on the round instance through its lifecycle first, then `write`. So the write
 * is refused (InstanceConflict, nothing written) while the round is on its way, and once the server holds the
 * round's values it becomes part of a correction the next submit sends whole; without it a part changed after a
 * half-finished send (values stored, a photo failed) was left on the device while the next send only uploaded
 * the photos and said "sent". The write starts in the edit's turn (`inOrder`), so the writes of a round start in
 * the order of its edits; the next edit does not wait for this write to end. Resolves to what `write` resolves to.
 */
export function withEdit<T>(db: AppDatabase, instanceId: string, write: () => Promise<T>): Promise<T> {
  let written: Promise<T> | undefined;
  const checked = inOrder(instanceId, async () => {
    await recordEditNow(db, instanceId);
    written = write().then(async (result) => {
      await reopenIfASendMissedIt(db, instanceId);
      return result;
    });
    // handled by the caller through the promise below, once this turn has ended
    written.catch(() => undefined);
  });
  return checked.then(() => written as Promise<T>);
}

/**
 * After a write `withEdit` checked while the round could be edited: another tab's send that started since may have
 * built its post before the write landed, and when this tab was frozen between the check and the write, the send's
 * second look (the submit queue's `partsChangedSince`) came before it too, and the round said "sent" without it.
 * (This tab's own submit waits for its writes, and a send that has not started yet reads them.) Once a send is under
 * way or done, or the server holds the values the next send would skip, the round goes back to editing as with
 * "Edit again": the write is sent, as a correction once the server holds the values. Read from the storage itself,
 * as the check before the write: a frozen tab hears of the other tab's send late.
 */
async function reopenIfASendMissedIt(db: AppDatabase, instanceId: string): Promise<void> {
  const [stored] = await db.offlineInstances.storageInstance.findDocumentsById([instanceId], false);
  if (stored && missedByASend(stored.syncState, lifecycleContext(stored))) await reopenInstance(db, instanceId);
}

/** Writes one entry's draft after checking the instance may be edited (never into a round on its way). */
export function writeInstanceDraft(
  db: AppDatabase,
  instanceId: string,
  tsId: string,
  patch: DraftPatch,
): Promise<void> {
  return withEdit(db, instanceId, () => writeDraft(db, instanceId, tsId, patch));
}

/** The user submits: queued for the queue (only the photos when the server holds its unchanged values). */
export function queueInstance(db: AppDatabase, instanceId: string): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => {
    const moved = move(d, 'submit', { queuedAt: Date.now(), attempts: 0 });
    return moved && without(moved, 'lastError');
  });
}

/**
 * "Edit again": back to editing, also while a send is in flight; the revision moves on, so that send will not
 * mark the instance sent. Once the server holds its values, the edit becomes a correction.
 */
export function reopenInstance(db: AppDatabase, instanceId: string): Promise<OfflineInstanceDoc | null> {
  return compareAndSet(db, instanceId, (d) => {
    const moved = move(forkCorrection(d, newId), 'reopen', { editRev: (d.editRev ?? 0) + 1 });
    return moved && without(moved, 'queuedAt', 'lastError', 'sendRev');
  });
}

/**
 * Removes the instance document if the user may delete it in the state it is stored in now; RxDB refuses the
 * removal with a conflict when it changed since it was read (e.g. another tab queued it).
 */
export async function deleteInstanceDoc(
  db: AppDatabase,
  instanceId: string,
): Promise<'deleted' | 'missing' | 'not-deletable' | 'changed'> {
  const doc = await db.offlineInstances.findOne(instanceId).exec();
  if (!doc) return 'missing';
  if (!actionsOf(doc.toMutableJSON()).delete) return 'not-deletable';
  try {
    await doc.remove();
    return 'deleted';
  } catch {
    return 'changed';
  }
}
