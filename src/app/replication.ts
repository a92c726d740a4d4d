import { appApiRoot } from './base-url';
import * as v from 'valibot';
import { ConfigSchema } from '../../schemas/api';
import { createContext, useContext } from 'react';
import { filter, firstValueFrom } from 'rxjs';
import type { ReplicationHandle } from '../../replication/runner';
import type { AppDatabase } from '../db/database';
import { browserClientIdentity } from './client-identity';
import { auth } from './auth';
import { waitOnlineOnFailure } from './wait-online';

export const ReplicationContext = createContext<ReplicationHandle | null>(null);

export function useReplication(): ReplicationHandle {
  const r = useContext(ReplicationContext);
  if (!r) throw new Error('useReplication outside ReplicationContext');
  return r;
}

/** The replication's code (REST client, pulls, submit queues, about 10 KB gzip) loads right after the first screen's. */
const loadRunner = waitOnlineOnFailure(() => import('../../replication/runner'));

/**
 * A handle usable at once while the replication's code loads in its own chunk (the first screen is
 * drawn from the local database and needs none of it). Calls made meanwhile wait for it; the service worker
 * precaches the chunk, so an offline start loads it from there.
 */
export function deferredReplication(load: () => Promise<ReplicationHandle>): ReplicationHandle {
  let real: ReplicationHandle | undefined;
  let stopped = false;
  const ready = load().then((h) => {
    real = h;
    if (stopped) h.stop();
    return h;
  });
  ready.catch((e: unknown) => console.error('loading the replication failed', e));
  return {
    refresh: () => ready.then((h) => h.refresh()),
    flush: () => ready.then((h) => h.flush()),
    loginChanged: () => ready.then((h) => h.loginChanged()),
    completedRoundPdf: (instanceId, lang) => ready.then((h) => h.completedRoundPdf(instanceId, lang)),
    completedRoundImage: (instanceId, imageId, width) =>
      ready.then((h) => h.completedRoundImage(instanceId, imageId, width)),
    loadHistory: (tsIds, onBatch) => ready.then((h) => h.loadHistory(tsIds, onBatch)),
    loadSubmittedValues: (tsIds) => ready.then((h) => h.loadSubmittedValues(tsIds)),
    loadCompletedRound: (instanceId) => ready.then((h) => h.loadCompletedRound(instanceId)),
    loadPermissions: () => ready.then((h) => h.loadPermissions()),
    savePermissions: (data, etag) => ready.then((h) => h.savePermissions(data, etag)),
    isLeader: () => real?.isLeader() ?? false,
    retry: (instanceId) => ready.then((h) => h.retry(instanceId)),
    stop: () => {
      stopped = true;
      real?.stop();
    },
  };
}

/**
 * Resolves once a pull of this device has ended, well or not (its outcome is stored: Architecture §1), at once when
 * one ended before. A first visit's service worker waits for it (service-worker.ts).
 */
export function firstPullEnded(db: AppDatabase): Promise<unknown> {
  return firstValueFrom(db.reference.findOne('syncStatus').$.pipe(filter((doc) => doc !== null)));
}

/** Starts replication with the login's token; identity settings from the stored config switch login on. */
export function startAppReplication(db: AppDatabase): ReplicationHandle {
  const handle = deferredReplication(async () => {
    const { startReplication } = await loadRunner();
    return startReplication(db, {
      origin: appApiRoot(),
      identity: browserClientIdentity(() => auth.token()),
    });
  });
  db.reference.findOne('config').$.subscribe((doc) => {
    const parsed = v.safeParse(ConfigSchema, doc?.data ?? {});
    if (parsed.success && parsed.output.keycloak) void auth.init(parsed.output.keycloak);
  });
  // a logout removes what was pulled for the user (shared devices); its code loads only then
  auth.forgetPulledData = async () => (await import('../../replication/user-data')).forgetPulledData(db);
  let wasAuthenticated = false;
  auth.state$.subscribe((state) => {
    if (state.authenticated && !wasAuthenticated) void handle.loginChanged();
    wasAuthenticated = state.authenticated;
  });
  return handle;
}
