import type { HttpBindings } from '@hono/node-server';

export interface RequestUser {
  username: string;
  isAdmin: boolean;
  /** the local demo user holds every role on every round */
  allRounds: boolean;
}

/** Hono context typing shared by every route: node bindings plus the resolved user. */
export type AppEnv = { Bindings: HttpBindings; Variables: { user: RequestUser } };
