import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RequestUser } from '../http/env';

/**
 * Without identity settings every request acts as the documented local admin user `demo`, so the demo
 * runs with no setup (docs/server.md). OpenID Connect replaces this middleware when configured.
 */
export const LOCAL_USER: RequestUser = { username: 'demo', isAdmin: true };

export const localUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', LOCAL_USER);
  await next();
};
