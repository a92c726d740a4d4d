import 'fake-indexeddb/auto';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { addLeaderElection, createAppDatabase, type AppDatabase } from './database';

// Plugins are global: this file never adds leader election other than through addLeaderElection, after the
// database is open (as the replication does), so the first test sees a database without it.

const hasLeaderElection = (db: AppDatabase): boolean => {
  try {
    return typeof db.leaderElector() === 'object';
  } catch {
    return false;
  }
};

describe('leader election is added when the replication starts, after the database opened', () => {
  it('an open database is without it, and gets it (and leadership) once added', async () => {
    const db = await createAppDatabase(getRxStorageDexie(), `leader${Date.now()}`);
    expect(hasLeaderElection(db)).toBe(false);
    await addLeaderElection();
    expect(hasLeaderElection(db)).toBe(true);
    await expect(db.waitForLeadership()).resolves.toBe(true);
    expect(db.isLeader()).toBe(true);
    // added twice (a second replication start) is no error
    await addLeaderElection();
    await db.close();
  });
});
