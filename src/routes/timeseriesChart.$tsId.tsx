import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** timeseriesChart (§2): a direct link to one timeseries' chart, logo hidden (e.g. embedded elsewhere). */
export const timeseriesChartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/timeseriesChart/$tsId',
  staticData: { meta: { title: msg`Timeseries chart`, showLogo: false } },
  component: lazyRouteComponent(() => import('../features/analysis/DirectCharts'), 'DirectCharts'),
});
