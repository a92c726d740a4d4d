import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineInstanceDoc, SyncState } from '../../schemas/db/offline-instance-doc';
import type { AppDatabase } from './database';
import { offlineInstanceDoc, photoDoc } from '../../test/unit/fixtures';
import { memoryDatabase } from '../../test/unit/memory-db';
import { mayDeleteOfflineRound } from '../domain/delete-confirmation';
import { deleteUnsentInstance, isDeletable } from './delete-commands';

describe('confirmsDeletion (§5: typing the name)', () => {
  it.each<[string, string, boolean]>([
    ['Talsperre Nord', 'Talsperre Nord', true],
    ['Talsperre Nord ', 'Talsperre Nord', true],
    ['talsperre nord', 'Talsperre Nord', false],
    ['Talsperre', 'Talsperre Nord', false],
    ['Talsperre Nord!', 'Talsperre Nord', false],
    ['', '', false],
    ['   ', 'Talsperre Nord', false],
  ])('%j for %j → %s', (typed, name, expected) => {
    expect(mayDeleteOfflineRound(name, typed)).toBe(expected);
  });
});

describe('isDeletable: offered exactly when the lifecycle lets the delete through', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });
  const doc = (syncState: SyncState, extra: Partial<OfflineInstanceDoc> = {}): OfflineInstanceDoc =>
    offlineInstanceDoc({ instanceId: 'a', syncState, ...extra });
  it.each<[string, boolean, OfflineInstanceDoc]>([
    ['draft', true, doc('draft')],
    ['error, nothing on the server', true, doc('error')],
    ['error after the server stored the values', false, doc('error', { storedSubmissionId: 'a', valuesStoredAt: 1 })],
    ['correction', false, doc('correction', { corrects: 'a', submissionId: 'b', storedSubmissionId: 'a' })],
    ['error of a correction', false, doc('error', { corrects: 'a', submissionId: 'b', storedSubmissionId: 'a' })],
    ['queued', false, doc('queued')],
    ['sending', false, doc('sending')],
    ['values-stored', false, doc('values-stored', { storedSubmissionId: 'a' })],
    ['waiting-login', false, doc('waiting-login')],
    ['sent', false, doc('sent', { storedSubmissionId: 'a' })],
  ])('%s → %s', (_name, expected, d) => expect(isDeletable(d)).toBe(expected));

  it.each<[string, Partial<OfflineInstanceDoc>]>([
    ['error after the server stored the values', { storedSubmissionId: 'a', valuesStoredAt: 1 }],
    ['error of a correction', { corrects: 'a', submissionId: 'b', storedSubmissionId: 'a' }],
  ])('a round not offered for deletion (%s) is refused by the command too', async (_name, extra) => {
    await db.offlineInstances.insert(doc('error', extra));
    const stored = await db.offlineInstances.findOne('a').exec();
    expect(stored && isDeletable(stored.toMutableJSON())).toBe(false);
    expect(await deleteUnsentInstance(db, 'a')).toEqual({ deleted: false, reason: 'not-deletable' });
  });
});

describe('deleteUnsentInstance', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const instance = (instanceId: string, syncState: SyncState) =>
    db.offlineInstances.insert(
      offlineInstanceDoc({ instanceId, syncState, drafts: [{ tsId: 't', text: '1', updatedAt: 1 }] }),
    );
  const children = async (instanceId: string, suffix: string) => {
    await db.photos.insert(photoDoc({ id: `p${suffix}`, instanceId, uploaded: false }));
    await db.tasks.insert({
      taskId: `t${suffix}`,
      instanceId,
      mrId: '1',
      staNumber: '1',
      taskType: 'Check',
      taskDone: true,
      isNew: true,
      creationTime: '2026-11-23T06:00:00Z',
      updatedAt: 1,
    });
  };

  it.each<[SyncState]>([['draft'], ['error']])(
    'deletes a round in state %s with its photos and tasks, and nothing of other rounds',
    async (state) => {
      await instance('a', state);
      await instance('b', 'draft');
      await children('a', 'a');
      await children('b', 'b');
      expect(await deleteUnsentInstance(db, 'a')).toEqual({ deleted: true });
      expect(await db.offlineInstances.findOne('a').exec()).toBeNull();
      expect((await db.photos.find().exec()).map((p) => p.id)).toEqual(['pb']);
      expect((await db.tasks.find().exec()).map((t) => t.taskId)).toEqual(['tb']);
      expect(await db.offlineInstances.findOne('b').exec()).not.toBeNull();
    },
  );

  it.each<[SyncState]>([['queued'], ['sending'], ['values-stored'], ['waiting-network'], ['sent']])(
    'keeps a round in state %s',
    async (state) => {
      await instance('a', state);
      await children('a', 'a');
      expect(await deleteUnsentInstance(db, 'a')).toEqual({ deleted: false, reason: 'not-deletable' });
      expect(await db.offlineInstances.findOne('a').exec()).not.toBeNull();
      expect(await db.photos.count().exec()).toBe(1);
    },
  );

  it("removes the record of a stored round's prepared map tiles, and only its own", async () => {
    await instance('a', 'draft');
    await instance('b', 'draft');
    const record = (n: number) => ({
      layerUrl: '/tiles/{z}/{x}/{y}.png',
      bounds: { west: 0, south: 0, east: 1, north: 1 },
      minZoom: 10,
      maxZoom: 17,
      total: n,
      stored: n,
      bytes: n,
      preparedAt: 1,
    });
    await db.reference.insert({ key: 'mapTiles:a', data: record(1), fetchedAt: 1 });
    await db.reference.insert({ key: 'mapTiles:b', data: record(2), fetchedAt: 1 });
    expect(await deleteUnsentInstance(db, 'a')).toEqual({ deleted: true });
    expect((await db.reference.find({ selector: { key: { $regex: '^mapTiles:' } } }).exec()).map((d) => d.key)).toEqual(
      ['mapTiles:b'],
    );
  });

  it("removes a stored round's snapshot and its summary, and only its own", async () => {
    await instance('a', 'draft');
    await instance('b', 'draft');
    const summary = { entryCount: 1, entriesWithHistory: 0, points: [] };
    for (const id of ['a', 'b'])
      await db.reference.bulkInsert([
        { key: `tourRound:${id}`, data: { entries: [] }, fetchedAt: 1 },
        { key: `tourSummary:${id}`, data: summary, fetchedAt: 1 },
      ]);
    expect(await deleteUnsentInstance(db, 'a')).toEqual({ deleted: true });
    const left = await db.reference.find({ selector: { key: { $regex: '^tour(Round|Summary):' } } }).exec();
    expect(left.map((d) => d.key).sort()).toEqual(['tourRound:b', 'tourSummary:b']);
  });

  it('reports a round that is not there', async () => {
    expect(await deleteUnsentInstance(db, 'nope')).toEqual({ deleted: false, reason: 'missing' });
  });
});
