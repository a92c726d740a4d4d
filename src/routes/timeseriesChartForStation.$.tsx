import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/**
 * timeseriesChartForStation (§2): charts of several timeseries, tsId repeatable as path segments
 * (/timeseriesChartForStation/a/b) or as ?tsId=a&tsId=b; logo hidden.
 */
export const timeseriesChartForStationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/timeseriesChartForStation/$',
  staticData: { meta: { title: msg`Timeseries charts`, showLogo: false } },
  component: lazyRouteComponent(() => import('../features/analysis/DirectCharts'), 'DirectCharts'),
});
