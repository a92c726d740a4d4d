import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';
import { parseTourSearch } from '../features/tour/tour-search';

/** mobile (§2): the outdoor tour of a stored round; works offline, so it never asks for a login. */
export const mobileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mobile/$instanceId',
  validateSearch: parseTourSearch,
  staticData: { meta: { title: msg`Tour`, showLogo: false } },
  component: lazyPage(() => import('../features/tour/MobileTour'), 'MobileTour'),
});
