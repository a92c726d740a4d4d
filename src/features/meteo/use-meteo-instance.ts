import { useCallback, useEffect, useMemo, useRef } from 'react';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useDataOwner } from '../../db/data-owner';
import { useDb } from '../../db/db-context';
import { instanceVisibleTo, ownerOf } from '../../domain/data-owner';
import { useObservable } from '../../db/hooks';
import { preloadDrafts } from '../../db/draft-store';
import { openOrCreateInstance, queueInstance } from '../../db/instance-commands';
import { writeTypedDraft } from '../../db/keystroke-commands';
import { EDITABLE_STATES } from '../../domain/round-lifecycle';

/** A month may still be edited in these states; once transferred (queued and after) it is read-only (§4). */
export const METEO_EDITABLE_STATES: readonly string[] = EDITABLE_STATES;

export interface MeteoInstance {
  /** undefined while loading, null when nothing was typed for the month yet */
  instance: OfflineInstanceDoc | null | undefined;
  readOnly: boolean;
  updateDraft(key: string, patch: DraftPatch): Promise<void>;
  /** Waits for every write in flight, then marks the month for sending; the submit queue posts it. */
  transfer(): Promise<void>;
}

/**
 * The one offline instance (mode 'meteo') of a round and month, whatever its state: a transferred month
 * stays shown, read-only, instead of a fresh empty one. Every keystroke is in IndexedDB before anything else.
 */
export function useMeteoInstance(round: RoundDoc | undefined, month: string): MeteoInstance {
  const db = useDb();
  const user = useDataOwner();
  const mrId = round?.mrId;
  const instance = useObservable<OfflineInstanceDoc | null | undefined>(
    () =>
      mrId === undefined || user === null
        ? undefined
        : db.offlineInstances
            .find({ selector: { mrId, date: month, mode: 'meteo' }, sort: [{ updatedAt: 'desc' }] })
            // on a shared device another observer's month is theirs: this user keeps their own
            .$.pipe(
              map(
                (docs) => docs.map((d) => d.toMutableJSON()).find((d) => instanceVisibleTo(ownerOf(d), user)) ?? null,
              ),
              preloadDrafts(db),
            ),
    undefined,
    [db, mrId, month, user],
  );
  const instanceId = instance?.instanceId;
  const creating = useRef<Promise<string> | null>(null);
  useEffect(() => {
    creating.current = null;
  }, [mrId, month]);
  const pending = useRef(new Set<Promise<unknown>>());

  // the month's instance a first key opens (the keystroke journal notes it before it exists)
  const opening = useMemo(
    () =>
      round && { mrId: round.mrId, mrName: round.mrName, mrGroup: round.mrGroup, mode: 'meteo' as const, date: month },
    [round, month],
  );
  const ensureInstance = useCallback(async (): Promise<string> => {
    if (instanceId) return instanceId;
    if (!opening) throw new Error('round not loaded');
    creating.current ??= openOrCreateInstance(db, opening, { anyState: true });
    return creating.current;
  }, [db, opening, instanceId]);

  const syncState = instance?.syncState;
  // closed while the month's instance is still being read: a transferred month never shows as editable
  const readOnly = instance === undefined || (syncState !== undefined && !METEO_EDITABLE_STATES.includes(syncState));
  const updateDraft = useCallback(
    (key: string, patch: DraftPatch) => {
      // editing after a failed transfer makes it a draft again (the command); the user transfers once more
      const target = instanceId ? { instanceId } : opening && { open: opening, anyState: true };
      const p = target
        ? writeTypedDraft(db, target, ensureInstance, key, patch)
        : Promise.reject(new Error('round not loaded'));
      pending.current.add(p);
      const done = () => pending.current.delete(p);
      p.then(done, done);
      return p;
    },
    [db, ensureInstance, instanceId, opening],
  );

  const transfer = useCallback(async () => {
    while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
    await queueInstance(db, await ensureInstance());
  }, [db, ensureInstance]);

  return { instance, readOnly, updateDraft, transfer };
}
