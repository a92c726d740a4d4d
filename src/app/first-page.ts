import { appBase } from './base-url';

/**
 * The code of the pages a first screen is most often, by the address's first segment (the router, which knows every
 * page, is in the shell's chunk). Asked for by the entry together with the shell's code instead of by the shell once
 * it has loaded: on a slow link each level of that chain was a round trip before the first screen could render.
 * Any other address loads its page through the router, as before.
 */
const FIRST_PAGES: Record<string, () => Promise<unknown>> = {
  '': () => import('../features/groups/GroupSelection'),
  stations: () => import('../features/office-table/TabularInput'),
  mobile: () => import('../features/tour/MobileTour'),
};

/** The first segment of the address below the app's base (`''` for the start page). */
export function firstSegment(pathname: string, base: string): string {
  const basePath = new URL(base).pathname;
  const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\//, '');
  return below.split('/')[0] ?? '';
}

export function preloadFirstPage(): void {
  const load = FIRST_PAGES[firstSegment(window.location.pathname, appBase())];
  // a failure costs nothing now: the router loads the page again when it renders it, and reports then (not from
  // ./lazy-page, whose router import would put the router into the entry's chunk)
  load?.().catch((e: unknown) => console.warn('loading the first page ahead failed; it loads when it is needed', e));
}
