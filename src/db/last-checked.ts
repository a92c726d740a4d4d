import { useSyncExternalStore } from 'react';

/*
 * When this device last confirmed with the server that its copy is current. A periodic pull that finds
 * nothing changed must write no RxDB document: every write is an IndexedDB transaction and wakes
 * every query and tab watching the collection, every 5 minutes all day. Yet the round list must keep saying
 * honestly when the device last checked, so the time of each successful check is kept here, in
 * localStorage: one small synchronous write, and other tabs hear of it through the `storage` event. The
 * `syncStatus` document still carries the time of the last pull that loaded something and any error, so
 * with localStorage cleared or unavailable the list shows that older, still true, time.
 */

const KEY_PREFIX = 'hydrorounds:lastCheckedAt:';
/** Where localStorage is missing or refuses (node tests, some private modes): this tab still knows. */
const memory = new Map<string, number>();
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The time of the last successful check of the database `dbName`, if known. */
export function readLastChecked(dbName: string): number | undefined {
  const stored = Number(storage()?.getItem(KEY_PREFIX + dbName) ?? NaN);
  const known = memory.get(dbName);
  if (Number.isFinite(stored)) return known !== undefined ? Math.max(stored, known) : stored;
  return known;
}

/** Records a successful check (the replication leader calls this after every pull that reached the server). */
export function recordLastChecked(dbName: string, at: number): void {
  memory.set(dbName, at);
  try {
    storage()?.setItem(KEY_PREFIX + dbName, String(at));
  } catch {
    // quota or privacy mode: the in-memory time above still serves this tab
  }
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(KEY_PREFIX)) onChange();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The last successful check of the database, live across tabs. */
export function useLastChecked(dbName: string): number | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readLastChecked(dbName),
    () => undefined,
  );
}
