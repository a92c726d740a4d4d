import { useLingui } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DraftStore } from '../../db/draft-store';

/**
 * Whether the stored state of the entries a screen shows is still being read. While it is, every input that shows
 * a stored entry (useOwnedText) is read-only and empty: a field shows what is stored, or nothing that can be typed
 * into. Before, the table showed its fields empty and editable for a second (several at 4× slower CPU) after a
 * restart, and keys typed then merged with the stored value arriving meanwhile. Outside a gate nothing waits.
 */
const LoadingContext = createContext(false);

/**
 * Marks the inputs inside as loading (read-only, empty, aria-busy) until `ready`. The fields keep their size, so
 * nothing moves when the values arrive; a screen reader hears why they take no keys.
 */
export function StoredStateGate({ ready, children }: { ready: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <LoadingContext.Provider value={!ready}>
      <span role="status" className="sr-only" data-testid="stored-state-loading">
        {ready ? '' : t`Loading stored values…`}
      </span>
      {children}
    </LoadingContext.Provider>
  );
}

/** true while the stored state of the entries around is still being read (see StoredStateGate). */
export function useStoredStateLoading(): boolean {
  return useContext(LoadingContext);
}

const never = () => () => undefined;

/**
 * Whether a screen has its stored entries: the instance lookup answered (`instance` not undefined: null is "none
 * yet") and the drafts of the instance it found are read. Once ready it stays so for the same `key` (the screen's
 * round and date): an instance the user's first keystroke creates gets a new store, whose first read must not
 * turn the field being typed into read-only (its keys would be dropped).
 */
export function useStoredStateReady(instance: unknown, store: DraftStore | undefined, key: string): boolean {
  const subscribe = useCallback((l: () => void) => (store ? store.subscribeLoaded(l) : () => undefined), [store]);
  const loaded = useSyncExternalStore(store ? subscribe : never, () => store?.loaded ?? true);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const ready = instance !== undefined && loaded;
  // React's "state from the previous render" pattern: remembered during render, no effect and no flash
  if (ready && openedFor !== key) setOpenedFor(key);
  return ready || openedFor === key;
}
