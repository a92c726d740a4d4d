import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** permissions (§2): the admins' matrix of users × measure rounds × roles. */
export const permissionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/permissions',
  staticData: { meta: { title: msg`Permissions`, needsAuth: true } },
  component: lazyRouteComponent(() => import('../features/permissions/PermissionMatrix'), 'PermissionMatrix'),
});
