import type { Subscription } from 'rxjs';
import type { AppDatabase } from './database';

/*
 * The device's reference documents (config, this device's settings, server info…) as one shared, in-memory
 * view per database. A screen that mounts after the app read a document gets it in its first render; with
 * a fresh RxDB query per component it would first draw the defaults and then withdraw what the config
 * switches off (a PDF button, a photo control), a flash a user may already be tapping.
 */

interface Slot {
  value: unknown;
  /** the document was read at least once (its absence counts: then value is undefined for good) */
  read: boolean;
  listeners: Set<() => void>;
  subscription?: Subscription;
}

const stores = new WeakMap<AppDatabase, Map<string, Slot>>();

function slotOf(db: AppDatabase, key: string): Slot {
  let slots = stores.get(db);
  if (!slots) {
    slots = new Map();
    stores.set(db, slots);
  }
  let slot = slots.get(key);
  if (!slot) {
    slot = { value: undefined, read: false, listeners: new Set() };
    slots.set(key, slot);
  }
  return slot;
}

export interface ReferenceSnapshot {
  value: unknown;
  read: boolean;
}

const snapshots = new WeakMap<Slot, ReferenceSnapshot>();

/** The last known data of the document `key` and whether it was read yet; the same object until it changes. */
export function referenceSnapshot(db: AppDatabase, key: string): ReferenceSnapshot {
  const slot = slotOf(db, key);
  const last = snapshots.get(slot);
  if (last && last.value === slot.value && last.read === slot.read) return last;
  const next = { value: slot.value, read: slot.read };
  snapshots.set(slot, next);
  return next;
}

/**
 * Listens to the document `key`; the RxDB query runs while anyone listens. After the last listener leaves
 * the last value is kept (shown at once to the next one, then corrected by its query if it changed).
 */
export function subscribeReference(db: AppDatabase, key: string, onChange: () => void): () => void {
  const slot = slotOf(db, key);
  slot.listeners.add(onChange);
  if (!slot.subscription) {
    slot.subscription = db.reference.findOne(key).$.subscribe({
      next: (doc) => {
        const value: unknown = doc?.data;
        if (slot.read && value === slot.value) return;
        slot.value = value;
        slot.read = true;
        slot.listeners.forEach((l) => l());
      },
      error: (e: unknown) => console.error('reference query failed', key, e),
    });
  }
  return () => {
    slot.listeners.delete(onChange);
    if (slot.listeners.size === 0) {
      slot.subscription?.unsubscribe();
      slot.subscription = undefined;
    }
  };
}
