import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /debug: the support panel (linked from About; works offline and for every user). */
export const debugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/debug',
  staticData: { meta: { title: msg`Support` } },
  component: lazyRouteComponent(() => import('../features/debug/DebugPanel'), 'DebugPanel'),
});
