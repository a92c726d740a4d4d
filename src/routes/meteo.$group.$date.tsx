import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** meteoInput (§2): /meteo/{group}/{date}, the month of the date; the navbar shows a heading instead of the group. */
export const meteoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/meteo/$group/$date',
  staticData: {
    meta: {
      title: msg`Meteo observations`,
      navbarHeading: msg`Meteo observations`,
      groupInTitle: true,
      needsAuth: true,
    },
  },
  component: lazyPage(() => import('../features/meteo/MeteoInput'), 'MeteoInput'),
});
