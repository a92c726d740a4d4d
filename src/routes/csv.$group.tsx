import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** csvImporter (§2): a logger or spreadsheet export into the round's drafts, previewed first. */
export const csvImportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/csv/$group',
  staticData: { meta: { title: msg`CSV import`, groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/csv/CsvImport'), 'CsvImport'),
});
