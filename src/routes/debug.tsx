import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** /debug: the support panel (linked from About; works offline and for every user). */
export const debugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/debug',
  staticData: { meta: { title: msg`Support` } },
  component: lazyPage(() => import('../features/debug/DebugPanel'), 'DebugPanel'),
});
