import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** changelog (§2): what changed, from CHANGELOG.md in the repository. */
export const changelogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/changelog',
  staticData: { meta: { title: msg`Changelog` } },
  component: lazyPage(() => import('../features/legal/Changelog'), 'Changelog'),
});

/** imprint (§2): the operator's imprint from the config. */
export const imprintRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/imprint',
  staticData: { meta: { title: msg`Imprint` } },
  component: lazyPage(() => import('../features/legal/LegalText'), 'Imprint'),
});

/** privacyPolicy (§2): the operator's privacy policy from the config, else what the app itself stores. */
export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacyPolicy',
  staticData: { meta: { title: msg`Privacy policy` } },
  component: lazyPage(() => import('../features/legal/LegalText'), 'PrivacyPolicy'),
});
