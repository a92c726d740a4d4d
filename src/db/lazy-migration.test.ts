import 'fake-indexeddb/auto';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { offlineInstanceJsonSchema, type OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { createAppDatabase, type AppDatabase } from './database';
import { readDrafts } from './draft-store';

// Unlike migration.test.ts, this file never adds RxDB's migration plugin itself: createAppDatabase loads it only
// when stored data is older than the schemas. Plugins are global, so the order of the tests matters.

const instance: OfflineInstanceDoc = {
  instanceId: '0b5f7a52-1c1e-4a8f-9d0c-3f6f2e1a9b77',
  mrId: '2',
  mrName: 'Pegel Nord',
  mode: 'indoor',
  date: '2026-11-21',
  creationTime: '2026-11-21T06:00:00.000Z',
  syncState: 'queued',
  updatedAt: 5,
};

const migrationLoaded = (db: AppDatabase): boolean => {
  try {
    db.migrationStates();
    return true;
  } catch {
    return false;
  }
};

describe('RxDB migration code loads only when stored data needs it', () => {
  it('opens a new and an up-to-date database without it, and keeps their documents', async () => {
    const name = `lazyfresh${Date.now()}`;
    const db = await createAppDatabase(getRxStorageDexie(), name);
    expect(migrationLoaded(db)).toBe(false);
    await db.offlineInstances.insert(instance);
    await db.close();

    const again = await createAppDatabase(getRxStorageDexie(), name);
    expect(migrationLoaded(again)).toBe(false);
    expect((await again.offlineInstances.findOne(instance.instanceId).exec())?.toMutableJSON()).toEqual(instance);
    await again.close();
  });

  it('loads it for a database from an older release and migrates every document', async () => {
    const name = `lazyold${Date.now()}`;
    const version0 = { ...offlineInstanceJsonSchema, version: 0 } as RxJsonSchema<OfflineInstanceDoc>;
    const old = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    await old.addCollections({ offlineInstances: { schema: version0 } });
    const drafts = [{ tsId: '2001-W', text: '3,5', updatedAt: 4 }];
    await old.collections['offlineInstances']!.insert({ ...instance, drafts });
    await old.close();

    const db = await createAppDatabase(getRxStorageDexie(), name);
    expect(migrationLoaded(db)).toBe(true);
    // version 2 (the lifecycle) adds the edit revision; nothing else changes
    expect((await db.offlineInstances.findOne(instance.instanceId).exec())?.toMutableJSON()).toEqual({
      ...instance,
      editRev: 0,
    });
    expect(await readDrafts(db, instance.instanceId)).toEqual(drafts);
    await db.close();
  });
});
