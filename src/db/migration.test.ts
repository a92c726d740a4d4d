import 'fake-indexeddb/auto';
import { addRxPlugin, createRxDatabase, type JsonSchema, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import {
  offlineInstanceJsonSchema,
  type OfflineInstanceDoc,
  type OfflineInstanceDocV1,
} from '../../schemas/db/offline-instance-doc';
import { draftId, draftJsonSchema } from '../../schemas/db/draft-doc';
import { referenceJsonSchema } from '../../schemas/db/reference-doc';
import type { HistoricValue } from '../../schemas/api';
import type { ApiClient } from '../../replication/api-client';
import { HISTORY_MARKS_KEY, pullHistoricValues } from '../../replication/pull-history';
import { COLLECTIONS, createAppDatabase } from './database';
import { readDrafts } from './draft-store';

addRxPlugin(RxDBMigrationSchemaPlugin);

const unsent: OfflineInstanceDocV1 = {
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

/** The instance as version 2 keeps it: the same data, the message as a reason code that keeps its text. */
const { drafts: _drafts, ...unsentV2 } = {
  ...unsent,
  lastError: { code: 'legacy', detail: '503 Service Unavailable' },
  editRev: 0,
};

/** The offlineInstances schema as released in version 1: lastError a message. */
const version1: RxJsonSchema<OfflineInstanceDocV1> = {
  ...(offlineInstanceJsonSchema as unknown as RxJsonSchema<OfflineInstanceDocV1>),
  version: 1,
  properties: {
    ...(offlineInstanceJsonSchema.properties as RxJsonSchema<OfflineInstanceDocV1>['properties']),
    lastError: { type: 'string' },
  },
};

/** The offlineInstances schema as released in version 0: every draft inside the instance document. */
const version0: RxJsonSchema<OfflineInstanceDocV1> = {
  ...version1,
  version: 0,
  required: [...(offlineInstanceJsonSchema.required as string[]), 'drafts'] as never,
};

async function openVersion0(name: string, withDraftsCollection = false) {
  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  await db.addCollections({
    offlineInstances: { schema: version0 },
    ...(withDraftsCollection ? { drafts: { schema: draftJsonSchema } } : {}),
  });
  return db;
}

/** historicValues as released in version 0: one document per value, keyed `tsId|dt`. */
const historicValuesVersion0: RxJsonSchema<HistoricValue & { id: string }> = {
  title: 'historicValues',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 300 },
    instanceId: { type: ['string', 'null'] },
    tsId: { type: 'string', maxLength: 200 },
    dt: { type: 'string', maxLength: 40 },
    value: { type: ['number', 'null'] },
    staRemark: {},
    tsRemark: {},
  },
  required: ['id', 'tsId', 'dt'],
  indexes: [['tsId', 'dt']],
};

describe('schema migrations on IndexedDB', () => {
  it('opens a device with per-value history (v0): drops it with its marks and the next pull loads every series again', async () => {
    const name = `v0history${Date.now()}`;
    const old = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    await old.addCollections({
      historicValues: { schema: historicValuesVersion0 },
      reference: { schema: referenceJsonSchema },
    });
    const dts = ['2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z'];
    await old.collections['historicValues']!.bulkInsert(
      dts.map((dt, i) => ({ id: `1001-W|${dt}`, tsId: '1001-W', dt, value: i, instanceId: null })),
    );
    // the old marks say the device has 1001-W up to the 21st: trusted, they would skip the series it no longer has
    await old.collections['reference']!.insert({
      key: 'historyPulledUntil',
      data: { '1001-W': dts[1] },
      fetchedAt: Date.now(),
    });
    await old.close();

    const db = await createAppDatabase(getRxStorageDexie(), name);
    expect(await db.historicValues.count().exec()).toBe(0);
    const asked: string[] = [];
    const pulled = [...dts, '2026-11-22T07:00:00.000Z'].map((dt, i) => ({
      tsId: '1001-W',
      dt,
      value: i,
      instanceId: null,
    }));
    const api = {
      getJson: async (path: string) => (asked.push(path), { data: { values: pulled } }),
    } as unknown as ApiClient;
    expect(
      await pullHistoricValues(db, api, ['1001-W'], undefined, {
        incremental: true,
        newest: new Map([['1001-W', dts[1] ?? '']]),
      }),
    ).toBe(3);
    // a full request: nothing stored means nothing to ask "from"
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toContain('from=');
    const series = (await db.historicValues.findOne('1001-W').exec())?.toMutableJSON();
    expect(series).toMatchObject({ tsId: '1001-W', newestDt: '2026-11-22T07:00:00.000Z' });
    expect(series?.values.map((v) => v.value)).toEqual([0, 1, 2]);
    expect(await db.reference.findOne('historyPulledUntil').exec()).toBeNull();
    expect((await db.reference.findOne(HISTORY_MARKS_KEY).exec())?.data).toEqual({
      '1001-W': '2026-11-22T07:00:00.000Z',
    });
    await db.close();
  });

  it('moves the drafts of a version-0 instance into the drafts collection without losing one', async () => {
    const name = `v0drafts${Date.now()}`;
    const old = await openVersion0(name);
    await old.collections['offlineInstances']!.insert(unsent);
    await old.close();

    const db = await createAppDatabase(getRxStorageDexie(), name);
    const instance = (await db.offlineInstances.findOne(unsent.instanceId).exec())?.toMutableJSON();
    expect(instance).toEqual(unsentV2);
    const drafts = await readDrafts(db, unsent.instanceId);
    expect(drafts.sort((a, b) => a.tsId.localeCompare(b.tsId))).toEqual(unsent.drafts);
    await db.close();
  });

  it('never overwrites a draft already moved when the browser died before the instance was cleaned', async () => {
    const name = `v0half${Date.now()}`;
    const old = await openVersion0(name, true);
    await old.collections['offlineInstances']!.insert(unsent);
    // the first start moved the drafts, the user typed on, and the browser was killed before the cleanup
    await old.collections['drafts']!.insert({
      id: `${unsent.instanceId}|1001-W`,
      instanceId: unsent.instanceId,
      tsId: '1001-W',
      text: '13,75',
      updatedAt: 10,
    });
    await old.close();

    const db = await createAppDatabase(getRxStorageDexie(), name);
    const drafts = await readDrafts(db, unsent.instanceId);
    expect(drafts.find((d) => d.tsId === '1001-W')?.text).toBe('13,75');
    expect(drafts.find((d) => d.tsId === '1002-Q')).toMatchObject({ text: '-', remark: 'Messwehr vereist' });
    expect((await db.offlineInstances.findOne(unsent.instanceId).exec())?.drafts).toBeUndefined();
    await db.close();
  });

  it('moves a version-1 instance to the lifecycle of version 2: an interrupted send is queued again, nothing dropped', async () => {
    const name = `v1lifecycle${Date.now()}`;
    const old = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    await old.addCollections({
      offlineInstances: { schema: version1, migrationStrategies: { 1: (d: OfflineInstanceDocV1) => d } },
    });
    const { drafts: _d, ...v1 } = unsent;
    await old.collections['offlineInstances']!.insert({ ...v1, syncState: 'retrying' });
    await old.close();
    const db = await createAppDatabase(getRxStorageDexie(), name);
    expect((await db.offlineInstances.findOne(unsent.instanceId).exec())?.toMutableJSON()).toEqual({
      ...unsentV2,
      syncState: 'queued',
    });
    await db.close();
  });

  it('keeps a version-2 instance as it is in version 3: its unsent state, drafts and reason code', async () => {
    const name = `v2params${Date.now()}`;
    // version 2 as released: lastError without the server's field and params
    const {
      field: _f,
      params: _p,
      tsId: _t,
      ...lastError2
    } = offlineInstanceJsonSchema.properties.lastError?.properties as Record<string, JsonSchema>;
    const version2: RxJsonSchema<OfflineInstanceDoc> = {
      ...offlineInstanceJsonSchema,
      version: 2,
      properties: {
        ...offlineInstanceJsonSchema.properties,
        lastError: { type: 'object', properties: lastError2, required: ['code'] },
      },
    };
    const old = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    await old.addCollections({
      offlineInstances: {
        schema: version2,
        migrationStrategies: { 1: (d: OfflineInstanceDoc) => d, 2: (d: OfflineInstanceDoc) => d },
      },
      drafts: { schema: draftJsonSchema },
    });
    const { drafts: _d, ...v2 } = unsentV2 as OfflineInstanceDoc;
    const stored: OfflineInstanceDoc = {
      ...v2,
      syncState: 'error',
      lastError: { code: 'value-not-allowed', status: 400, detail: 'entries.3.value: 5 is not allowed' },
      editRev: 4,
      owner: 'huber',
      attemptLog: [{ at: 1, step: 'values', attempt: 1, ok: false, status: 400, error: '400 Bad Request' }],
    };
    const queued: OfflineInstanceDoc = {
      ...v2,
      instanceId: 'b5e0c9a4-0000-4000-8000-000000000001',
      syncState: 'queued',
    };
    await old.collections['offlineInstances']!.bulkInsert([stored, queued]);
    await old.collections['drafts']!.insert({
      id: draftId(stored.instanceId, '1001-W'),
      instanceId: stored.instanceId,
      tsId: '1001-W',
      text: '12,5',
      updatedAt: 1,
    });
    await old.close();

    const db = await createAppDatabase(getRxStorageDexie(), name);
    expect((await db.offlineInstances.findOne(stored.instanceId).exec())?.toMutableJSON()).toEqual(stored);
    expect((await db.offlineInstances.findOne(queued.instanceId).exec())?.toMutableJSON()).toEqual(queued);
    expect((await readDrafts(db, stored.instanceId)).map((d) => d.text)).toEqual(['12,5']);
    // version 3 takes the server's field and params
    await db.offlineInstances.upsert({
      ...stored,
      lastError: {
        ...stored.lastError!,
        field: 'entries.3.value',
        params: { value: 5, allowed: '0, 1' },
        tsId: '1001-W',
      },
    });
    expect((await db.offlineInstances.findOne(stored.instanceId).exec())?.lastError?.params).toEqual({
      value: 5,
      allowed: '0, 1',
    });
    await db.close();
  });

  it('keeps every unsent instance when an app update brings a newer schema version', async () => {
    const name = `migration${Date.now()}`;
    const db = await createAppDatabase(getRxStorageDexie(), name);
    const { drafts: _legacy, ...current } = unsentV2 as OfflineInstanceDoc & { drafts?: unknown };
    // the migration plugin (loaded by this file) blocks writes until it has checked that nothing needs migrating
    await db.offlineInstances.migrationNeeded();
    while (db.offlineInstances.migrationInProgress) await new Promise((r) => setTimeout(r, 5));
    await db.offlineInstances.insert(current);
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
        migrationStrategies: {
          ...COLLECTIONS.offlineInstances.migrationStrategies,
          [next.version]: (doc: OfflineInstanceDoc) => ({ ...doc, device: 'migrated' }),
        },
      },
    });
    const migrated = (await offlineInstances.findOne(unsent.instanceId).exec())?.toMutableJSON();
    expect(migrated).toMatchObject({ ...current, device: 'migrated' });
    await updated.close();
  });
});
