import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** completedMeasureRoundList (§2): the archive of completed rounds with PDF links. */
export const archiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive',
  staticData: { meta: { title: msg`Archive`, showGenericButtons: true, showUser: true, needsAuth: true } },
  component: lazyRouteComponent(() => import('../features/archive/ArchiveList'), 'ArchiveList'),
});
