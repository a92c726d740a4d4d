import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncState } from '../../../schemas/db/offline-instance-doc';
import type { AppDatabase } from '../../db/database';
import { memoryDatabase } from '../../../test/unit/memory-db';
import { mayDeleteOfflineRound } from '../../domain/delete-confirmation';
import { deleteUnsentInstance, isDeletable } from './delete-instance';

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

describe('isDeletable', () => {
  it.each<[SyncState, boolean]>([
    ['draft', true],
    ['error', true],
    ['queued', false],
    ['sending', false],
    ['values-stored', false],
    ['waiting-login', false],
    ['sent', false],
  ])('%s → %s', (state, expected) => expect(isDeletable(state)).toBe(expected));
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
    db.offlineInstances.insert({
      instanceId,
      mrId: '1',
      mrName: 'Runde',
      mode: 'indoor',
      date: '2026-11-23',
      creationTime: '2026-11-23T06:00:00Z',
      drafts: [{ tsId: 't', text: '1', updatedAt: 1 }],
      syncState,
      updatedAt: 1,
    });
  const children = async (instanceId: string, suffix: string) => {
    await db.photos.insert({
      id: `p${suffix}`,
      instanceId,
      mrId: '1',
      tsId: 't',
      staNumber: '1',
      tsParameter: 'W',
      dt: '2026-11-23T06:00:00Z',
      width: 1,
      height: 1,
      uploaded: false,
      createdAt: 1,
    });
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

  it('reports a round that is not there', async () => {
    expect(await deleteUnsentInstance(db, 'nope')).toEqual({ deleted: false, reason: 'missing' });
  });
});
