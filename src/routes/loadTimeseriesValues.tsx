import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';
import { parseTsIdSearch } from './analysis.search';

/** loadTimeseriesValues (§2): (re)loads the history of chosen timeseries, 32 per request (§7). */
export const loadTimeseriesValuesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/loadTimeseriesValues',
  validateSearch: parseTsIdSearch,
  staticData: { meta: { title: msg`Load timeseries values` } },
  component: lazyPage(() => import('../features/analysis/LoadTimeseriesValues'), 'LoadTimeseriesValues'),
});
