import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** timeseriesChart (§2): a direct link to one timeseries' chart, logo hidden (e.g. embedded elsewhere). */
export const timeseriesChartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/timeseriesChart/$tsId',
  staticData: { meta: { title: msg`Timeseries chart`, showLogo: false } },
  component: lazyPage(() => import('../features/analysis/DirectCharts'), 'DirectCharts'),
});
