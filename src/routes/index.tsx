import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';
import { parseDateSearch } from '../domain/url-search';

/** groupSelection: choose a group and a date; the date lives in the URL (?date=YYYY-MM-DD). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseDateSearch,
  component: lazyPage(() => import('../features/groups/GroupSelection'), 'GroupSelection'),
});
