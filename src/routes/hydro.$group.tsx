import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** hydroInput (§2): the office table of today restricted to hydrological parameters (docs/analysis.md). */
export const hydroRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/hydro/$group',
  staticData: { meta: { title: msg`Hydrological input`, groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/analysis/HydroInput'), 'HydroInput'),
});
