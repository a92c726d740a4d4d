import { msg } from '@lingui/core/macro';
import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../app/lazy-page';
import { rootRoute } from './__root';

/** appAbout: about, help, bug report and version info. */
export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  staticData: { meta: { title: msg`About` } },
  component: lazyPage(() => import('../features/about/About'), 'About'),
});

/** appHelp redirects to /about (§2). */
export const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help',
  beforeLoad: () => {
    throw redirect({ to: '/about' });
  },
});
