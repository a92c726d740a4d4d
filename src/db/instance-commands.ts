import type { OfflineInstanceDoc, SubmitError } from '../../schemas/db/offline-instance-doc';
import type { DraftPatch } from '../../schemas/db/draft-doc';
import { instanceVisibleTo, ownerOf } from '../domain/data-owner';
import {
  transition,
  UNSENT_STATES,
  userActions,
  type LifecycleContext,
  type LifecycleEvent,
} from '../domain/round-lifecycle';
import type { AppDatabase } from './database';
import { writeDraft } from './draft-store';
import { currentUser } from './data-owner';

/**
 * Every write of a round instance's state (Architecture §3). Each command is a compare-and-set: RxDB's
 * incrementalModify runs the guard on the newest stored revision (again after a conflict), and the guard asks the
 * lifecycle (src/domain/round-lifecycle.ts) whether the move is allowed and, for the queue, whether the document is
 * still at the edit revision its send started from. So a user's edit and a send never overwrite each other:
 * whichever comes second sees the other's write and is refused or adapts.
 * Screens, hooks, the tour, meteo and the queue call these; nothing else patches an instance document.
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

type Guard = (d: OfflineInstanceDoc) => OfflineInstanceDoc | null;

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
function inOrder<T>(instanceId: string, step: () => Promise<T>): Promise<T> {
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
async function compareAndSetNow(
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
function compareAndSet(db: AppDatabase, instanceId: string, guard: Guard): Promise<OfflineInstanceDoc | null> {
  return inOrder(instanceId, () => compareAndSetNow(db, instanceId, guard));
}

/** Moves `d` by `event` if the lifecycle allows it; null when refused. */
function move(
  d: OfflineInstanceDoc,
  event: LifecycleEvent,
  changes: Partial<OfflineInstanceDoc> = {},
): OfflineInstanceDoc | null {
  const to = transition(d.syncState, event, lifecycleContext(d));
  if (to === null) return null;
  return { ...d, ...changes, syncState: to, updatedAt: Math.max(Date.now(), d.updatedAt + 1) };
}

function without<K extends keyof OfflineInstanceDoc>(d: OfflineInstanceDoc, ...keys: K[]): OfflineInstanceDoc {
  const copy = { ...d };
  for (const k of keys) delete copy[k];
  return copy;
}

/**
 * The server holds this instance's current submission: the next send is a correction under a new instanceId
 * that names it (a changed body under a stored instanceId is refused by the server, never merged).
 */
function forkCorrection(d: OfflineInstanceDoc, newId: () => string): OfflineInstanceDoc {
  if (!lifecycleContext(d).valuesStored) return d;
  return { ...without(d, 'valueCount', 'sentAt'), corrects: submissionIdOf(d), submissionId: newId() };
}

const newId = () => crypto.randomUUID();

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
  // an edit of a draft or correction is sent by the next submit, and a queued send reads it when it starts
  if (!stored || stored.syncState === 'draft' || stored.syncState === 'correction' || stored.syncState === 'queued')
    return;
  // An error the send ended in after the server stored the values counts too: a submit from it sends only the photos.
  const missed = stored.syncState === 'sending' || stored.syncState === 'sent' || lifecycleContext(stored).valuesStored;
  if (missed) await reopenInstance(db, instanceId);
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
