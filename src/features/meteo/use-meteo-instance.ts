import { useCallback, useEffect, useRef } from 'react';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { writeDraft } from '../../db/draft-store';

/** A month may still be edited in these states; once transferred (queued and after) it is read-only (§4). */
export const METEO_EDITABLE_STATES: readonly string[] = ['draft', 'error'];

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
  const mrId = round?.mrId;
  const instance = useObservable<OfflineInstanceDoc | null | undefined>(
    () =>
      mrId === undefined
        ? undefined
        : db.offlineInstances.findOne({ selector: { mrId, date: month, mode: 'meteo' }, sort: [{ updatedAt: 'desc' }] }).$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    undefined,
    [db, mrId, month],
  );
  const instanceId = instance?.instanceId;
  const creating = useRef<Promise<string> | null>(null);
  useEffect(() => {
    creating.current = null;
  }, [mrId, month]);
  const pending = useRef(new Set<Promise<unknown>>());

  const ensureInstance = useCallback(async (): Promise<string> => {
    if (instanceId) return instanceId;
    if (!round) throw new Error('round not loaded');
    creating.current ??= (async () => {
      const now = Date.now();
      const doc = await db.offlineInstances.insert({ instanceId: crypto.randomUUID(), mrId: round.mrId, mrName: round.mrName, mrGroup: round.mrGroup, mode: 'meteo', date: month, creationTime: new Date(now).toISOString(), syncState: 'draft', updatedAt: now });
      return doc.instanceId;
    })();
    return creating.current;
  }, [db, round, month, instanceId]);

  const syncState = instance?.syncState;
  // closed while the month's instance is still being read: a transferred month never shows as editable
  const readOnly = instance === undefined || (syncState !== undefined && !METEO_EDITABLE_STATES.includes(syncState));
  const updateDraft = useCallback(
    (key: string, patch: DraftPatch) => {
      const p = (async () => {
        const id = await ensureInstance();
        await writeDraft(db, id, key, patch);
        // editing after a failed transfer makes it a draft again; the user transfers once more
        if (syncState === 'error') await (await db.offlineInstances.findOne(id).exec())?.incrementalModify((d) => (d.syncState === 'error' ? { ...d, syncState: 'draft', updatedAt: Date.now() } : d));
      })();
      pending.current.add(p);
      const done = () => pending.current.delete(p);
      p.then(done, done);
      return p;
    },
    [db, ensureInstance, syncState],
  );

  const transfer = useCallback(async () => {
    while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
    const id = await ensureInstance();
    const doc = await db.offlineInstances.findOne(id).exec();
    await doc?.incrementalModify((d) => {
      if (!METEO_EDITABLE_STATES.includes(d.syncState)) return d;
      // RxDB documents hold no undefined values: drop the last error instead of setting it undefined
      const { lastError: _lastError, ...rest } = d;
      return { ...rest, syncState: 'queued', queuedAt: Date.now(), updatedAt: Date.now() };
    });
  }, [db, ensureInstance]);

  return { instance, readOnly, updateDraft, transfer };
}
