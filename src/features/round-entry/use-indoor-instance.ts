import { useCallback, useEffect, useMemo, useRef } from 'react';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { Draft, DraftPatch } from '../../../schemas/db/draft-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useDataOwner } from '../../db/data-owner';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { prefetchDrafts, preloadDrafts, readDrafts } from '../../db/draft-store';
import type { AppDatabase } from '../../db/database';
import { openOrCreateInstance, queueInstance, reopenInstance } from '../../db/instance-commands';
import { writeTypedDraft } from '../../db/keystroke-commands';
import { instanceToShow } from '../../domain/round-instance';

export interface IndoorInstance {
  instance: OfflineInstanceDoc | null | undefined;
  /** Writes one timeseries' draft to RxDB at once (creating the instance on the first edit). */
  updateDraft(tsId: string, patch: DraftPatch): Promise<void>;
  /** Marks the instance for sending; replication picks it up. */
  queue(instanceId: string): Promise<void>;
  /** The open instance's id, created on first use (e.g. a photo before any value). */
  ensureInstance(): Promise<string>;
  /** Resolves when every write started so far is stored; then reads the instance and its drafts as stored. */
  settled(): Promise<{ instance: OfflineInstanceDoc; drafts: Draft[] } | null>;
}

/**
 * The indoor instance of a round and date: the open (not yet sent) one, else the latest sent one (read-only; typing
 * starts with "Edit again", a correction). Every keystroke is written to IndexedDB
 * before anything else, so a closed tab or killed browser keeps it (Architecture §1).
 * With `fixedId` (a stored outdoor round) that instance is used as it is and none is ever created.
 */
export function useIndoorInstance(round: RoundDoc | undefined, date: string, fixedId?: string): IndoorInstance {
  const db = useDb();
  const user = useDataOwner();
  const mrId = round?.mrId;
  // one query object for the read ahead and the subscription: RxDB keeps its result, so the subscription emits it
  const query = useMemo(
    () =>
      fixedId !== undefined || mrId === undefined || user === null
        ? undefined
        : db.offlineInstances.find({
            selector: { mrId, date, mode: 'indoor' },
            sort: [{ updatedAt: 'desc' }],
          }),
    [db, mrId, date, fixedId, user],
  );
  // the open round, else the latest sent one, read-only with what was sent (never an empty form that invites
  // typing a sent round again); another user's round on a shared device is theirs
  const visible = useCallback(
    (docs: readonly { toMutableJSON(): OfflineInstanceDoc }[]) =>
      user === null
        ? null
        : instanceToShow(
            docs.map((d) => d.toMutableJSON()),
            user,
          ),
    [user],
  );
  // The subscription below starts in an effect, after the screen's first commit: at 4× slower CPU the table's first
  // render took seconds, and the lookup and then the drafts waited for it. Read both now, during that render.
  useMemo(() => {
    if (fixedId !== undefined) void prefetchDrafts(db, fixedId);
    else
      void query
        ?.exec()
        .then((docs) => {
          const found = visible(docs);
          if (found) void prefetchDrafts(db, found.instanceId);
        })
        .catch(() => undefined); // the subscription reports a failing query
  }, [db, fixedId, query, visible]);
  const instance = useObservable<OfflineInstanceDoc | null | undefined>(
    () =>
      fixedId !== undefined
        ? db.offlineInstances.findOne(fixedId).$.pipe(
            map((d) => (d ? d.toMutableJSON() : null)),
            preloadDrafts(db),
          )
        : // the instance comes with its drafts read, so the table's first render with it shows its values
          query?.$.pipe(map(visible), preloadDrafts(db)),
    undefined,
    [db, fixedId, query, visible],
  );
  const creating = useRef<Promise<string> | null>(null);
  const instanceId = instance?.instanceId;
  useEffect(() => {
    creating.current = null;
  }, [mrId, date]);

  // the instance a round's first key opens (the keystroke journal notes it before it exists)
  const opening = useMemo(
    () => round && { mrId: round.mrId, mrName: round.mrName, mrGroup: round.mrGroup, mode: 'indoor' as const, date },
    [round, date],
  );
  const ensureInstance = useCallback(async (): Promise<string> => {
    if (fixedId !== undefined) return fixedId;
    if (instanceId) return instanceId;
    if (!opening) throw new Error('round not loaded');
    creating.current ??= openOrCreateInstance(db, opening);
    return creating.current;
  }, [db, opening, instanceId, fixedId]);

  const pending = useRef(new Set<Promise<unknown>>());
  const track = useCallback(<T>(p: Promise<T>): Promise<T> => {
    pending.current.add(p);
    const done = () => pending.current.delete(p);
    p.then(done, done);
    return p;
  }, []);

  // The command refuses a write into a round on its way (the table is locked then) and turns an edit after an
  // error back into a draft, or into a correction once the server holds the values.
  // The key is noted at once (keystroke-commands.ts), before the round's first key has created its instance.
  const writeOne = useCallback(
    (tsId: string, patch: DraftPatch) => {
      const known = fixedId ?? instanceId;
      const target = known ? { instanceId: known } : opening && { open: opening };
      if (!target) return Promise.reject(new Error('round not loaded'));
      return writeTypedDraft(db, target, ensureInstance, tsId, patch);
    },
    [db, ensureInstance, fixedId, instanceId, opening],
  );

  const updateDraft = useCallback((tsId: string, patch: DraftPatch) => track(writeOne(tsId, patch)), [track, writeOne]);

  const settled = useCallback(async () => {
    while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
    const id = fixedId ?? (creating.current ? await creating.current : instanceId);
    if (!id) return null;
    const stored = (await db.offlineInstances.findOne(id).exec())?.toMutableJSON();
    return stored ? { instance: stored, drafts: await readDrafts(db, id) } : null;
  }, [db, instanceId, fixedId]);

  const queue = useCallback(
    async (id: string) => {
      await queueInstance(db, id);
    },
    [db],
  );

  return { instance, updateDraft, queue, ensureInstance, settled };
}

/**
 * "Edit again": a round on its way goes back to editing, also while it is being sent;
 * the send then notices the edit and does not mark it sent, and once the server holds its values the edit is a
 * correction. Resolves true when the round was reopened.
 */
export async function reopenQueued(db: AppDatabase, instanceId: string): Promise<boolean> {
  return (await reopenInstance(db, instanceId)) !== null;
}
