import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** permissions (§2): the admins' matrix of users × measure rounds × roles. */
export const permissionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/permissions',
  staticData: { meta: { title: msg`Permissions`, needsAuth: true, ownLoginHint: true } },
  component: lazyPage(() => import('../features/permissions/PermissionMatrix'), 'PermissionMatrix'),
});
