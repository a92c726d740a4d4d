import 'fake-indexeddb/auto';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { offlineInstanceJsonSchema, type OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { createAppDatabase } from './database';

addRxPlugin(RxDBMigrationSchemaPlugin);

const unsent: OfflineInstanceDoc = {
  instanceId: '7d1c6f33-4a3e-4c37-9d5b-0a3b3c8e2f10',
  mrId: '1',
  mrName: 'Talsperre',
  mode: 'outdoor',
  date: '2026-11-20',
  creationTime: '2026-11-20T07:00:00.000Z',
  drafts: [
    { tsId: '1001-W', text: '12,5', updatedAt: 1 },
    { tsId: '1002-Q', text: '-', remark: 'Messwehr vereist', updatedAt: 2 },
  ],
  syncState: 'error',
  lastError: '503 Service Unavailable',
  updatedAt: 3,
};

describe('schema migrations on IndexedDB', () => {
  it('keeps every unsent draft when an app update brings a newer schema version', async () => {
    const name = `migration${Date.now()}`;
    const db = await createAppDatabase(getRxStorageDexie(), name);
    await db.offlineInstances.insert(unsent);
    await db.close();

    // The "next release": one more version with a migration that adds a field.
    const next: RxJsonSchema<OfflineInstanceDoc & { device?: string }> = {
      ...offlineInstanceJsonSchema,
      version: offlineInstanceJsonSchema.version + 1,
      properties: { ...offlineInstanceJsonSchema.properties, device: { type: 'string' } },
    };
    const updated = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    const { offlineInstances } = await updated.addCollections({
      offlineInstances: {
        schema: next,
        migrationStrategies: { [next.version]: (doc: OfflineInstanceDoc) => ({ ...doc, device: 'migrated' }) },
      },
    });
    const migrated = (await offlineInstances.findOne(unsent.instanceId).exec())?.toMutableJSON();
    expect(migrated).toMatchObject({ ...unsent, device: 'migrated' });
    await updated.close();
  });

  it('reopens a database with the same schema without touching the data', async () => {
    const name = `reopen${Date.now()}`;
    const db = await createAppDatabase(getRxStorageDexie(), name);
    await db.offlineInstances.insert(unsent);
    await db.close();
    const again = await createAppDatabase(getRxStorageDexie(), name);
    expect((await again.offlineInstances.findOne(unsent.instanceId).exec())?.drafts).toEqual(unsent.drafts);
    await again.close();
  });
});
