/**
 * Keeps a context's offline emulation true for documents loaded while it is offline.
 *
 * Debian's Chromium 150 (with playwright-core 1.65) blocks every request of an offline context, but a document loaded
 * while offline (a reload, a `goto`, a restart on the service worker) reads `navigator.onLine === true` and never gets
 * an `offline` event: the emulation reaches the network, not the new document. The app then believes it is online and
 * asks for map tiles and the API, which fail: the tests' "nothing fetched and failed offline" checks failed on every
 * run (tour, tour-tiles, landing-spots), although the app does what a phone without network would make it do.
 *
 * While the context is offline, an init script makes each new document read `onLine` false (as a real offline phone
 * does from the first line of the app) until the context goes online again: then the document is told as Chromium
 * would tell it (an `online` event), unless Chromium already did.
 */
import type { BrowserContext } from 'playwright-core';

const ONLINE_HOOK = '__e2eBackOnline';

/** The script each document loaded while offline starts with. */
function offlineDocument(hook: string): void {
  const native = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  let offline = true;
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get(this: Navigator) {
      return offline ? false : (native?.get?.call(this) ?? true);
    },
  });
  // a Chromium whose emulation does reach the document says so itself: then nothing is added
  addEventListener('online', () => (offline = false), true);
  Object.defineProperty(globalThis, hook, {
    value: () => {
      if (!offline) return;
      offline = false;
      dispatchEvent(new Event('online'));
    },
  });
}

/** Wraps `context.setOffline` (and honours the `offline` option the context was made with). */
export async function keepOfflineInNewDocuments(context: BrowserContext, startsOffline: boolean): Promise<void> {
  const setOffline = context.setOffline.bind(context);
  let script: { dispose(): Promise<void> } | undefined;
  const goOffline = async () => {
    script ??= await context.addInitScript(offlineDocument, ONLINE_HOOK);
  };
  context.setOffline = async (offline) => {
    await setOffline(offline);
    if (offline) return goOffline();
    const added = script;
    script = undefined;
    await added?.dispose();
    // the documents loaded while offline still read false: they hear they are back online
    for (const page of context.pages())
      for (const frame of page.frames())
        await frame
          .evaluate(
            (hook) => (globalThis as unknown as Record<string, (() => void) | undefined>)[hook]?.(),
            ONLINE_HOOK,
          )
          .catch(() => undefined); // a frame navigating or closing meanwhile: its next document starts online
  };
  if (startsOffline) await goOffline();
}
