import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** measureDocuments (§2): the stored measure documents, grouped by global, round and station. */
export const documentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/documents',
  staticData: { meta: { title: msg`Measure documents` } },
  component: lazyPage(() => import('../features/documents/MeasureDocuments'), 'MeasureDocuments'),
});
