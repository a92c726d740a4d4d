/**
 * Stands in for the `unload` package (vite.config.ts aliases it) that broadcast-channel's leader election uses to
 * resign when the page goes away. That package listens to `beforeunload` and `unload`, and an `unload` listener
 * keeps the page out of the back/forward cache: going back to the app after a look at another site started it
 * again from nothing. `pagehide` fires in every case `unload` did, and also when the page enters the cache.
 *
 * The leader resigns at `pagehide` either way, so another tab takes over the replication at once, also while this
 * page sleeps in the cache (a sleeping page holding the lock would leave every tab without one). Its elector is
 * then dead and cannot be elected again; a page that comes back from the cache after its leader resigned is
 * therefore loaded anew, so it takes part in the election again. Everything typed is in IndexedDB already.
 */
type Listener = () => unknown;

const listeners = new Set<Listener>();
let listening = false;
let resigned = false;

function runAll(): Promise<unknown[]> {
  const results = [...listeners].map((fn) => {
    listeners.delete(fn);
    return fn();
  });
  return Promise.all(results);
}

function startListening(): void {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('pagehide', () => {
    if (listeners.size > 0) resigned = true;
    void runAll();
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && resigned) window.location.reload();
  });
}

export function add(fn: Listener): { remove: () => boolean; run: () => unknown } {
  startListening();
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function getSize(): number {
  return listeners.size;
}
