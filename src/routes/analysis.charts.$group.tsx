import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** groupTimeseriesAnalysisCharts (§2): one chart per timeseries of the group with its history. */
export const analysisChartsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analysis/charts/$group',
  staticData: { meta: { title: msg`Charts`, groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/analysis/GroupCharts'), 'GroupCharts'),
});
