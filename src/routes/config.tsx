import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** localConfig: mode, default time, reset, save. */
export const configRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/config',
  staticData: { meta: { title: msg`Settings` } },
  component: lazyRouteComponent(() => import('../features/config/LocalConfig'), 'LocalConfig'),
});
