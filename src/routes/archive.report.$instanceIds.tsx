import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** completedMeasureRoundReport (§2): several completed rounds at once (ids joined by , or +). */
export const archiveReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive/report/$instanceIds',
  staticData: { meta: { title: msg`Report`, needsAuth: true } },
  component: lazyPage(() => import('../features/archive/ArchiveReport'), 'ArchiveReport'),
});
