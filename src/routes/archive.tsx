import { msg } from '@lingui/core/macro';
import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { parseArchiveFilter } from '../domain/archive-search';
import { keepArchiveFilter, keptArchiveFilter } from '../features/archive/kept-alive';
import { rootRoute } from './__root';

/** completedMeasureRoundList (§2): the archive of completed rounds with PDF links; filters in the URL. */
export const archiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive',
  validateSearch: parseArchiveFilter,
  // §2 "kept alive": a plain /archive (the navbar's link) shows the filters last used; an address with filters keeps
  // them. In the navigation itself, so nothing else can navigate in between (a preload, a link hovered, keeps nothing).
  beforeLoad: ({ search, preload }) => {
    if (preload) return;
    const kept = keptArchiveFilter();
    if (Object.keys(search).length === 0 && Object.keys(kept).length > 0)
      throw redirect({ to: '/archive', search: kept, replace: true });
    keepArchiveFilter(search);
  },
  staticData: { meta: { title: msg`Archive`, showGenericButtons: true, showUser: true, needsAuth: true } },
  component: lazyPage(() => import('../features/archive/ArchiveList'), 'ArchiveList'),
});
