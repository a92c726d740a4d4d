import * as v from 'valibot';
import { ConfigSchema } from '../../schemas/api';
import { createContext, useContext } from 'react';
import { startReplication, type ReplicationHandle } from '../../replication/runner';
import type { AppDatabase } from '../db/database';
import type { BuildPost } from '../../replication/submit-queue';
import { browserClientIdentity } from './client-identity';
import { auth } from './auth';

export const ReplicationContext = createContext<ReplicationHandle | null>(null);

export function useReplication(): ReplicationHandle {
  const r = useContext(ReplicationContext);
  if (!r) throw new Error('useReplication outside ReplicationContext');
  return r;
}

/**
 * Each kind of instance is posted by its own builder: a meteo month carries one entry per day. The builders
 * (with the domain rules and luxon) load on the first send, not with the first screen (issue 16).
 */
const buildPostByMode: BuildPost = async (instance, round, ctx) =>
  instance.mode === 'meteo' ? (await import('../features/meteo/build-meteo-post')).buildMeteoPost(instance, round, ctx) : (await import('../features/indoor/build-indoor-post')).buildIndoorPost(instance, round, ctx);

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
