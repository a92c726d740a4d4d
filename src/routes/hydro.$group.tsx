import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** hydroInput (§2): the office table of today restricted to hydrological parameters (docs/analysis.md). */
export const hydroRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/hydro/$group',
  staticData: { meta: { title: msg`Hydrological input`, groupInTitle: true, needsAuth: true } },
  component: lazyRouteComponent(() => import('../features/analysis/HydroInput'), 'HydroInput'),
});
