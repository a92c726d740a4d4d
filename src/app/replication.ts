import { createContext, useContext } from 'react';
import { startReplication, type ReplicationHandle } from '../../replication/runner';
import type { AppDatabase } from '../db/database';
import { buildIndoorPost } from '../features/indoor/build-indoor-post';
import { browserClientIdentity } from './client-identity';

export const ReplicationContext = createContext<ReplicationHandle | null>(null);

export function useReplication(): ReplicationHandle {
  const r = useContext(ReplicationContext);
  if (!r) throw new Error('useReplication outside ReplicationContext');
  return r;
}

export function startAppReplication(db: AppDatabase): ReplicationHandle {
  return startReplication(db, { origin: window.location.origin, identity: browserClientIdentity(), buildPost: buildIndoorPost });
}
