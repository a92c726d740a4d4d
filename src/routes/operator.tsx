import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** operator (not in §2, a screen of the reference server): the station network and history in, readings out; admins. */
export const operatorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/operator',
  staticData: { meta: { title: msg`Import and export`, needsAuth: true } },
  component: lazyPage(() => import('../features/operator/OperatorScreen'), 'OperatorScreen'),
});
