import * as v from 'valibot';
import { ConfigSchema } from '../../schemas/api';
import { createContext, useContext } from 'react';
import { startReplication, type ReplicationHandle } from '../../replication/runner';
import type { BuildPost } from '../../replication/submit-queue';
import { LocalConfigSchema } from '../db/reference-hooks';
import type { AppDatabase } from '../db/database';
import { buildIndoorPost } from '../features/indoor/build-indoor-post';
import { browserClientIdentity } from './client-identity';
import { auth } from './auth';

export const ReplicationContext = createContext<ReplicationHandle | null>(null);

export function useReplication(): ReplicationHandle {
  const r = useContext(ReplicationContext);
  if (!r) throw new Error('useReplication outside ReplicationContext');
  return r;
}

/** Starts replication with the login's token; identity settings from the stored config switch login on. */
export function startAppReplication(db: AppDatabase): ReplicationHandle {
  // The table shows this device's default time (/config) for values typed without a time; the post must
  // carry the same time, while the submit queue only knows the server's config. Kept current here.
  let localDefaultTime: string | undefined;
  db.reference.findOne('localConfig').$.subscribe((doc) => {
    const parsed = v.safeParse(LocalConfigSchema, doc?.data ?? {});
    localDefaultTime = parsed.success ? parsed.output.defaultTime : undefined;
  });
  const buildPost: BuildPost = (instance, round, ctx) => buildIndoorPost(instance, round, localDefaultTime ? { ...ctx, defaultTime: localDefaultTime } : ctx);
  const handle = startReplication(db, { origin: window.location.origin, identity: browserClientIdentity(() => auth.token()), buildPost });
  db.reference.findOne('config').$.subscribe((doc) => {
    const parsed = v.safeParse(ConfigSchema, doc?.data ?? {});
    if (parsed.success && parsed.output.keycloak) void auth.init(parsed.output.keycloak);
  });
  let wasAuthenticated = false;
  auth.state$.subscribe((state) => {
    if (state.authenticated && !wasAuthenticated) void handle.loginChanged();
    wasAuthenticated = state.authenticated;
  });
  return handle;
}
