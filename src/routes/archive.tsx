import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** completedMeasureRoundList (§2): the archive of completed rounds with PDF links. */
export const archiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive',
  component: lazyRouteComponent(() => import('../features/archive/ArchiveList'), 'ArchiveList'),
});
