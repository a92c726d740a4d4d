import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/**
 * timeseriesChartForStation (§2): charts of several timeseries, tsId repeatable as path segments
 * (/timeseriesChartForStation/a/b) or as ?tsId=a&tsId=b; logo hidden.
 */
export const timeseriesChartForStationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/timeseriesChartForStation/$',
  staticData: { meta: { title: msg`Timeseries charts`, showLogo: false } },
  component: lazyPage(() => import('../features/analysis/DirectCharts'), 'DirectCharts'),
});
