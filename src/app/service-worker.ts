import { appBase } from './base-url';
import type { Workbox } from 'workbox-window';

type UpdateListener = (apply: () => void) => void;
const listeners = new Set<UpdateListener>();

/** Subscribes to "a new app version is waiting" (§4 Update); returns the unsubscribe function. */
export function onUpdateWaiting(listener: UpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The longest a first visit's service worker waits for the first pull (a pull that hangs never keeps it out). */
export const FIRST_VISIT_SW_WAIT_MS = 10_000;

/**
 * §7: the service worker script is registered from a path relative to the app's base (not to the page:
 * a first visit on a deep link such as /stations/… must install it too), with the base as its scope: under a
 * sub-path (`<base href="/hwe/">`) that is /hwe/sw.js for /hwe/. Errors are logged, not fatal.
 *
 * A first visit (no worker controls the page) registers once `firstPullEnded` settles, at most
 * FIRST_VISIT_SW_WAIT_MS: installing precaches the whole app (some 120 files, a megabyte and more on the wire),
 * which shared a slow link with the first pull and held the rounds back by seconds (by 0.6 s even on this
 * machine's loopback). A returning visit registers at the page's load, which only asks for an update.
 */
export function registerServiceWorker(onTakeover: () => void, firstPullEnded: Promise<unknown>): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const firstVisit = navigator.serviceWorker.controller === null;
  const ready = firstVisit
    ? Promise.race([firstPullEnded.catch(() => undefined), new Promise((r) => setTimeout(r, FIRST_VISIT_SW_WAIT_MS))])
    : Promise.resolve();
  // workbox-window is not needed to draw the first screen: it loads in its own chunk, which the
  // service worker precaches like every other; registration waits for the page's load event anyway.
  ready
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      const base = appBase();
      register(new Workbox(new URL('sw.js', base).href, { scope: new URL(base).pathname }), onTakeover);
    })
    .catch((e: unknown) => console.error('service worker registration failed', e));
}

function register(wb: Workbox, onTakeover: () => void): void {
  // The new version claims every open tab when it activates (clientsClaim), so each tab, not only the one whose
  // user confirmed, sees the controller change and follows. A tab's first controller (the very first
  // install) is no update.
  let hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) onTakeover();
    hadController = true;
  });
  wb.addEventListener('waiting', () => {
    const apply = () => wb.messageSkipWaiting();
    listeners.forEach((l) => l(apply));
  });
  wb.register().catch((e: unknown) => console.error('service worker registration failed', e));
  // A page loaded past an active worker (a hard reload, a navigation begun while the first install activated)
  // stays uncontrolled until its next load: its lazy code and a reload offline would need the network.
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller === null) registration.active?.postMessage({ type: 'CLAIM_CLIENTS' });
  });
}
