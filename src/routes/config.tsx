import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** localConfig: mode, default time, reset, save. */
export const configRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/config',
  staticData: { meta: { title: msg`Settings` } },
  component: lazyPage(() => import('../features/config/LocalConfig'), 'LocalConfig'),
});
