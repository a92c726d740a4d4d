import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** §2: any path starting with /! redirects to the path formed by the remaining segments. */
export const bangRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/!/$',
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/${params._splat ?? ''}` });
  },
});
