import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** tabularInput: /stations/{group}/{date}, the group URL-encoded, the date YYYY-MM-DD. */
export const stationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stations/$group/$date',
  staticData: { meta: { groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/office-table/TabularInput'), 'TabularInput'),
});
