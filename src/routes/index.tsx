import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';
import { parseDateSearch } from './search';

/** groupSelection: choose a group and a date; the date lives in the URL (?date=YYYY-MM-DD). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseDateSearch,
  component: lazyRouteComponent(() => import('../features/groups/GroupSelection'), 'GroupSelection'),
});
