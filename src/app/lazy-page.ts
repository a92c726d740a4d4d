import { lazyRouteComponent } from '@tanstack/react-router';
import { waitOnlineOnFailure } from './wait-online';

type Importer<M> = () => Promise<M>;

/** `lazyRouteComponent` that survives going offline (see `waitOnlineOnFailure`). */
export function lazyPage<M extends Record<string, unknown>>(importer: Importer<M>, exportName: keyof M & string) {
  return lazyRouteComponent(waitOnlineOnFailure(importer), exportName);
}

interface Preloadable {
  options: { component?: unknown };
}

/** How many pages' loads one task starts: each start adds the page's preload links to the document. */
const PAGES_PER_TASK = 4;

/**
 * Loads every page's code while the device is online, so a page never opened before still opens after the
 * network is gone, even if the service worker has not finished storing the app (a first visit on a slow phone).
 * The loads start a few pages per task: all 40 in one took 21 ms at a desktop's speed, a long task of about 85 ms
 * on a phone (Lighthouse's total blocking time), while the first screen may already take a tap.
 */
export async function preloadPages(routes: Iterable<Preloadable>): Promise<void> {
  const loads: Promise<unknown>[] = [];
  let started = 0;
  for (const route of routes) {
    const component = route.options.component as { preload?: () => Promise<unknown> } | undefined;
    if (typeof component?.preload !== 'function') continue;
    if (started > 0 && started % PAGES_PER_TASK === 0) await new Promise((r) => setTimeout(r, 0));
    loads.push(component.preload());
    started += 1;
  }
  await Promise.all(loads);
}

/**
 * Code loaded ahead of use, in the background: a failure (the page being left mid-load, a chunk an update removed)
 * costs nothing now — the page loads, or reports, when it is opened — so it is noted, never an unhandled error
 * (which error reporting and the tests' page-error watch would count as a crash).
 */
export function preloadInBackground(loads: readonly Promise<unknown>[]): Promise<void> {
  return Promise.all(loads).then(
    () => undefined,
    (e: unknown) => console.warn('loading code ahead of use failed; it loads when it is needed', e),
  );
}
