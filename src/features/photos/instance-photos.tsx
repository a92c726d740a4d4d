import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { RxDocument } from 'rxdb';
import type { PhotoDoc } from '../../../schemas/db/photo-doc';
import { useDb } from '../../db/db-context';

export type EntryPhotos = readonly RxDocument<PhotoDoc>[];
export const NO_PHOTOS: EntryPhotos = [];

/**
 * The photos of one instance by entry, from one query for the whole table or tour: a query per entry row made every
 * station block that scrolled into range start five of them, and every "next station" of the tour one per card. An entry's list stays the same array while its photos do, and
 * only the rows whose photos changed hear of a change.
 */
export class InstancePhotos {
  private byEntry = new Map<string, EntryPhotos>();
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(readonly instanceId: string) {}

  /** The instance's photos as the query gives them (in the order of their ids). */
  update(photos: EntryPhotos): void {
    const next = new Map<string, RxDocument<PhotoDoc>[]>();
    for (const p of photos) {
      const list = next.get(p.tsId);
      if (list) list.push(p);
      else next.set(p.tsId, [p]);
    }
    const changed: string[] = [];
    const kept = new Map<string, EntryPhotos>();
    for (const tsId of new Set([...this.byEntry.keys(), ...next.keys()])) {
      const before = this.byEntry.get(tsId) ?? NO_PHOTOS;
      const after = next.get(tsId) ?? NO_PHOTOS;
      // RxDB gives the same document object while a document is unchanged
      const same = before.length === after.length && before.every((p, i) => p === after[i]);
      if (!same) changed.push(tsId);
      if (after.length > 0) kept.set(tsId, same ? before : after);
    }
    this.byEntry = kept;
    for (const tsId of changed) for (const listener of this.listeners.get(tsId) ?? []) listener();
  }

  photosOf(tsId: string): EntryPhotos {
    return this.byEntry.get(tsId) ?? NO_PHOTOS;
  }

  subscribe(tsId: string, listener: () => void): () => void {
    let set = this.listeners.get(tsId);
    if (!set) this.listeners.set(tsId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(tsId);
    };
  }
}

const InstancePhotosContext = createContext<InstancePhotos | null>(null);

/** The photos of `instanceId` for every PhotoList below, read with one query. */
export function InstancePhotosProvider({
  instanceId,
  children,
}: {
  instanceId: string | undefined;
  children: ReactNode;
}) {
  const db = useDb();
  const photos = useMemo(() => (instanceId ? new InstancePhotos(instanceId) : null), [instanceId]);
  useEffect(() => {
    if (!photos) return undefined;
    const sub = db.photos.find({ selector: { instanceId: photos.instanceId } }).$.subscribe({
      next: (docs) => photos.update(docs),
      error: (e: unknown) => console.error('reading the photos failed', e),
    });
    return () => sub.unsubscribe();
  }, [db, photos]);
  return <InstancePhotosContext.Provider value={photos}>{children}</InstancePhotosContext.Provider>;
}

/** The photos of this instance read by the table or the tour above, or null where none reads them. */
export function useInstancePhotos(instanceId: string | undefined): InstancePhotos | null {
  const photos = useContext(InstancePhotosContext);
  return photos && photos.instanceId === instanceId ? photos : null;
}
