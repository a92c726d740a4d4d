import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** groupTimeseriesAnalysisRemarks (§2): historic remarks of the group filtered by a regular expression. */
export const analysisRemarksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analysis/remarks/$group',
  staticData: { meta: { title: msg`Remark analysis`, groupInTitle: true, needsAuth: true } },
  component: lazyPage(() => import('../features/analysis/RemarkAnalysis'), 'RemarkAnalysis'),
});
