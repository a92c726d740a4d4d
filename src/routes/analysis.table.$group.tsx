import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** groupTimeseriesAnalysisTable (§2): the history of each timeseries of the group by date. */
export const analysisTableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analysis/table/$group',
  staticData: { meta: { title: msg`History table`, groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/analysis/HistoryTable'), 'HistoryTable'),
});
