import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { parseArchiveFilter } from '../domain/archive-search';
import { rootRoute } from './__root';

/** completedMeasureRoundList (§2): the archive of completed rounds with PDF links; filters in the URL. */
export const archiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive',
  validateSearch: parseArchiveFilter,
  staticData: { meta: { title: msg`Archive`, showGenericButtons: true, showUser: true, needsAuth: true } },
  component: lazyPage(() => import('../features/archive/ArchiveList'), 'ArchiveList'),
});
