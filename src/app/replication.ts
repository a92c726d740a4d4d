import * as v from 'valibot';
import { ConfigSchema } from '../../schemas/api';
import { createContext, useContext } from 'react';
import { startReplication, type ReplicationHandle } from '../../replication/runner';
import type { AppDatabase } from '../db/database';
import { buildIndoorPost } from '../features/indoor/build-indoor-post';
import { buildMeteoPost } from '../features/meteo/build-meteo-post';
import type { BuildPost } from '../../replication/submit-queue';
import { browserClientIdentity } from './client-identity';
import { auth } from './auth';

export const ReplicationContext = createContext<ReplicationHandle | null>(null);

export function useReplication(): ReplicationHandle {
  const r = useContext(ReplicationContext);
  if (!r) throw new Error('useReplication outside ReplicationContext');
  return r;
}

/** Each kind of instance is posted by its own builder: a meteo month carries one entry per day. */
const buildPostByMode: BuildPost = (instance, round, ctx) => (instance.mode === 'meteo' ? buildMeteoPost : buildIndoorPost)(instance, round, ctx);

/** Starts replication with the login's token; identity settings from the stored config switch login on. */
export function startAppReplication(db: AppDatabase): ReplicationHandle {
  const handle = startReplication(db, { origin: window.location.origin, identity: browserClientIdentity(() => auth.token()), buildPost: buildPostByMode });
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
