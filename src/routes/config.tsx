import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** localConfig: mode, default time, reset, save. */
export const configRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/config',
  component: lazyRouteComponent(() => import('../features/config/LocalConfig'), 'LocalConfig'),
});
