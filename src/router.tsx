import { createRouter } from '@tanstack/react-router';
import { preloadPages } from './app/lazy-page';
import { PendingPage } from './app/PendingPage';
import { RouteError } from './app/RouteError';
import { installErrorReporting } from './app/error-reporting';
import { noteNavigation } from './app/app-reload';
import { appRouterBasepath } from './app/base-url';
import { rootRoute } from './routes/__root';
import { indexRoute } from './routes/index';
import { stationsRoute } from './routes/stations.$group.$date';
import { aboutRoute, helpRoute } from './routes/about';
import { configRoute } from './routes/config';
import { bangRedirectRoute } from './routes/bang-redirect';
import { archiveRoute } from './routes/archive';
import { archiveRoundRoute } from './routes/archive.$instanceId';
import { archiveReportRoute } from './routes/archive.report.$instanceIds';
import { changelogRoute, imprintRoute, privacyPolicyRoute } from './routes/legal';
import { debugRoute } from './routes/debug';
import { analysisRoutes } from './routes/analysis-routes';
import { mobileRoute } from './routes/mobile.$instanceId';
import { documentsRoute } from './routes/documents';
import { meteoRoute } from './routes/meteo.$group.$date';
import { permissionsRoute } from './routes/permissions';
import { operatorRoute } from './routes/operator';

const routeTree = rootRoute.addChildren([
  indexRoute,
  stationsRoute,
  archiveRoute,
  archiveRoundRoute,
  archiveReportRoute,
  aboutRoute,
  helpRoute,
  configRoute,
  changelogRoute,
  imprintRoute,
  privacyPolicyRoute,
  debugRoute,
  mobileRoute,
  documentsRoute,
  meteoRoute,
  permissionsRoute,
  operatorRoute,
  ...analysisRoutes,
  bangRedirectRoute,
]);

/** §2: pages load lazily; the loading indicator appears only after a 200 ms wait. */
export const PENDING_INDICATOR_DELAY_MS = 200;

export const router = createRouter({
  routeTree,
  // the app under a sub-path (BASE_PATH): routes stay `/stations/…`, their addresses `/hwe/stations/…`
  basepath: appRouterBasepath(),
  defaultPendingMs: PENDING_INDICATOR_DELAY_MS,
  defaultPendingMinMs: 0,
  defaultPendingComponent: PendingPage,
  defaultErrorComponent: RouteError,
});

// error reports name the route pattern (/stations/$group/$date), never the path with its names and ids
installErrorReporting(() => router.state.matches.at(-1)?.routeId ?? '');

// the browser's own (encoded) path, as the app reload stored it: the router's may be decoded
router.subscribe('onResolved', () => noteNavigation(window.location.pathname));

/** The start page (group selection), where every screen's "back" leads: its code is loaded first. */
export function preloadStartPage(): Promise<void> {
  return preloadPages([indexRoute]);
}

/**
 * The code of the page the address names (and its parents'), loaded while the database opens: the first screen
 * then renders as soon as the database is open instead of starting that page's load only then.
 */
export function preloadCurrentPage(): Promise<void> {
  const [matched] = router.getMatchedRoutes(router.latestLocation.pathname);
  return preloadPages(matched);
}

/** Loads the code of every page in the background (see `preloadPages`). */
export function preloadAllPages(): Promise<void> {
  return preloadPages(Object.values(router.routesById));
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
