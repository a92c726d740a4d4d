import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** completedMeasureRound (§2): one completed round with its entries and decisions. */
export const archiveRoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  // §2: needs login, no page title
  staticData: { meta: { needsAuth: true } },
  path: '/archive/$instanceId',
  component: lazyPage(() => import('../features/archive/ArchiveRound'), 'ArchiveRound'),
});
