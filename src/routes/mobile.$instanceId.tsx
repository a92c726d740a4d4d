import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';
import { parseTourSearch } from '../features/tour/tour-search';

/** mobile (§2): the outdoor tour of a stored round; works offline, so it never asks for a login. */
export const mobileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mobile/$instanceId',
  validateSearch: parseTourSearch,
  staticData: { meta: { title: msg`Tour`, showLogo: false } },
  component: lazyRouteComponent(() => import('../features/tour/MobileTour'), 'MobileTour'),
});
