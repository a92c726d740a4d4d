import { afterEach, describe, expect, it } from 'vitest';
import type { CompletedRoundDoc } from '../schemas/db/completed-round-doc';
import type { OfflineInstanceDoc } from '../schemas/db/offline-instance-doc';
import type { AppDatabase } from '../src/db/database';
import { currentUser } from '../src/db/data-owner';
import { memoryDatabase } from '../test/unit/memory-db';
import { claimPulledData, discardIfLoggedOut, forgetPulledData, heldRoundKey } from './user-data';

const open: AppDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

const round = (mrId: string) => ({ mrId, mrName: `Round ${mrId}`, mrVersion: 'v', entries: [], fetchedAt: 1 });
const instance = (instanceId: string, mrId: string, syncState: OfflineInstanceDoc['syncState'], owner?: string) =>
  // `owner` is the creating user (recorded by the instance commands); older documents have none
  ({
    instanceId,
    mrId,
    mrName: `Round ${mrId}`,
    mode: 'indoor',
    date: '2026-11-25',
    creationTime: '2026-11-25T10:00:00Z',
    syncState,
    updatedAt: 1,
    ...(owner ? { owner } : {}),
  }) as OfflineInstanceDoc;

/** A device that pulled for `ora`: rounds 1–4, an archive, history, lists and maps, and unsent work of three kinds. */
async function sharedDevice(): Promise<AppDatabase> {
  const db = await memoryDatabase();
  open.push(db);
  await db.rounds.bulkInsert(['1', '2', '3', '4'].map(round));
  await db.completedRounds.insert({
    instanceId: 'done-1',
    mrId: '1',
    mrName: 'Round 1',
    entries: [],
    fetchedAt: 1,
  } as CompletedRoundDoc);
  await db.historicValues.insert({
    tsId: 'ts-1',
    values: [{ dt: '2026-11-24T10:00:00Z', value: 1 }],
    newestDt: '2026-11-24T10:00:00Z',
  });
  const keys = [
    'config',
    'localConfig',
    'serverInfo',
    'syncState',
    'syncStatus',
    'measureDocuments',
    'dischargeMeters',
    'mapTrack:1',
    'mapTrack:2',
    'mapTrack:4',
    'tourRound:i-9',
  ];
  await db.reference.bulkInsert(keys.map((key) => ({ key, data: {}, fetchedAt: 1 })));
  await db.reference.insert({ key: 'dataOwner', data: { username: 'ora' }, fetchedAt: 1 });
  // ora's queued round on 1, an unowned (login-off) draft on 2, a sent one on 3
  await db.offlineInstances.bulkInsert([
    instance('i-1', '1', 'queued', 'ora'),
    instance('i-2', '2', 'draft'),
    instance('i-3', '3', 'sent', 'ora'),
  ]);
  await db.drafts.insert({ id: 'i-1|ts-1', instanceId: 'i-1', tsId: 'ts-1', text: '4,2', updatedAt: 1 });
  return db;
}

const keysOf = async (db: AppDatabase) => (await db.reference.find().exec()).map((d) => d.key).sort();

describe('pulled data on a shared device', () => {
  it('the same user keeps everything', async () => {
    const db = await sharedDevice();
    expect(await claimPulledData(db, 'ora')).toBe('kept');
    expect(await db.completedRounds.count().exec()).toBe(1);
    expect(await db.rounds.count().exec()).toBe(4);
  });

  it("another user: archive, history, lists and rounds go; unsent work stays; the round of ora's queued round waits for her", async () => {
    const db = await sharedDevice();
    expect(await claimPulledData(db, 'sue')).toBe('wiped');
    expect(await db.completedRounds.count().exec()).toBe(0);
    expect(await db.historicValues.count().exec()).toBe(0);
    // round 2 stays for the unowned draft everyone sees; ora's round 1 is held aside, 3 and 4 go
    expect((await db.rounds.find().exec()).map((r) => r.mrId)).toEqual(['2']);
    expect(await keysOf(db)).toEqual([
      'config',
      'dataOwner',
      heldRoundKey('1'),
      'localConfig',
      'mapTrack:2',
      'tourRound:i-9',
    ]);
    expect(await currentUser(db)).toBe('sue');
    expect(await db.offlineInstances.count().exec()).toBe(3);
    expect((await db.drafts.findOne('i-1|ts-1').exec())?.text).toBe('4,2');

    // ora comes back: her round is there again for her queued round before anything is pulled
    expect(await claimPulledData(db, 'ora')).toBe('wiped');
    expect((await db.rounds.find().exec()).map((r) => r.mrId).sort()).toEqual(['1', '2']);
    expect(await keysOf(db)).not.toContain(heldRoundKey('1'));
  });

  it('a logout forgets the pulled data and the user; the next pull of any user wipes again', async () => {
    const db = await sharedDevice();
    // ora's decision typed offline and still queued: a logout never deletes it (it waits for her login)
    await db.decisions.insert({
      id: 'done-1|1|ora',
      instanceId: 'done-1',
      stage: 1,
      mrName: 'Round 1',
      owner: 'ora',
      inputs: [],
      syncState: 'queued',
      updatedAt: 1,
    });
    await forgetPulledData(db);
    expect(await currentUser(db)).toBe('');
    expect(await db.completedRounds.count().exec()).toBe(0);
    expect((await db.decisions.findOne('done-1|1|ora').exec())?.syncState).toBe('queued');
    await claimPulledData(db, 'ugo');
    expect((await db.decisions.findOne('done-1|1|ora').exec())?.syncState).toBe('queued');
    await forgetPulledData(db);
    expect((await db.rounds.find().exec()).map((r) => r.mrId)).toEqual(['2']);
    // a pull that was under way stores more of ora's data after the logout: it goes when that pull ends
    await db.completedRounds.insert({
      instanceId: 'late',
      mrId: '1',
      mrName: 'Round 1',
      entries: [],
      fetchedAt: 1,
    } as CompletedRoundDoc);
    await db.rounds.insert(round('5'));
    await discardIfLoggedOut(db);
    expect(await db.completedRounds.count().exec()).toBe(0);
    expect((await db.rounds.find().exec()).map((r) => r.mrId)).toEqual(['2']);
    await db.completedRounds.insert({
      instanceId: 'late',
      mrId: '1',
      mrName: 'Round 1',
      entries: [],
      fetchedAt: 1,
    } as CompletedRoundDoc);
    expect(await claimPulledData(db, 'ora')).toBe('wiped');
    expect(await db.completedRounds.count().exec()).toBe(0);
    expect(await currentUser(db)).toBe('ora');
  });

  it('a logout whose wipe fails still records the logout, so the next start wipes before the next user looks', async () => {
    const db = await sharedDevice();
    // the archive's removal fails once (a write racing a pull's); RxDB hands out the same query object again
    const query = db.completedRounds.find();
    const remove = query.remove.bind(query);
    query.remove = () => {
      query.remove = remove;
      return Promise.reject(new Error('conflict'));
    };
    await expect(forgetPulledData(db)).rejects.toThrow('conflict');
    expect(await currentUser(db)).toBe('');
    expect(await db.completedRounds.count().exec()).toBe(1);
    await discardIfLoggedOut(db);
    expect(await db.completedRounds.count().exec()).toBe(0);
    expect(await db.historicValues.count().exec()).toBe(0);
  });

  it('a device an older version pulled (no record) keeps its data for the user its stored /info named, not for another', async () => {
    const db = await sharedDevice();
    await db.reference.findOne('dataOwner').remove();
    await db.reference.upsert({ key: 'serverInfo', data: { username: 'ora' }, fetchedAt: 1 });
    expect(await claimPulledData(db, 'ora')).toBe('kept');
    expect(await currentUser(db)).toBe('ora');
    expect(await db.completedRounds.count().exec()).toBe(1);
    await db.close(); // the free tier opens a limited number of collections

    const other = await sharedDevice();
    await other.reference.findOne('dataOwner').remove();
    await other.reference.upsert({ key: 'serverInfo', data: { username: 'ora' }, fetchedAt: 1 });
    expect(await claimPulledData(other, 'sue')).toBe('wiped');
    expect(await other.completedRounds.count().exec()).toBe(0);
  });

  it('nobody named by /info changes nothing, nor does the end of a pull while a user is recorded', async () => {
    const db = await sharedDevice();
    expect(await claimPulledData(db, null)).toBe('kept');
    await discardIfLoggedOut(db);
    expect(await db.completedRounds.count().exec()).toBe(1);
  });
});
