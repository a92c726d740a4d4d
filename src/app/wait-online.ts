// Apart from lazy-page.ts: the first script uses it (the shell, the replication) without the router's code.

type Importer<M> = () => Promise<M>;

/** Resolves once the browser reports a network again. */
function nextOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * A page's code, loaded when it is first shown. While the device is offline a failed chunk load waits for the
 * network and tries again instead of failing: the router would otherwise reload the whole document to recover
 * from a "missing module", and an offline reload before the service worker finished storing the app shows the
 * browser's own error page instead of the round being typed.
 */
export function waitOnlineOnFailure<M>(importer: Importer<M>): Importer<M> {
  return async function load(): Promise<M> {
    for (;;) {
      try {
        return await importer();
      } catch (e) {
        if (typeof navigator === 'undefined' || navigator.onLine) throw e;
        await nextOnline();
      }
    }
  };
}
