import { createRevision, now } from 'rxdb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateOfflineInstanceV2, type OfflineInstanceDocV1 } from '../../schemas/db/offline-instance-doc';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { readDrafts, writeDraft } from './draft-store';
import {
  createInstance,
  deleteInstanceDoc,
  openOrCreateInstance,
  queueInstance,
  recordEdit,
  reopenInstance,
  submissionIdOf,
  withEdit,
  writeInstanceDraft,
} from './instance-commands';
import { InstanceConflict } from './instance-guard';
import { finishSend, recordValuesStored, resumeInstance, startSend, stopSend, waitForLogin } from './send-commands';

describe('instance commands (compare-and-set on RxDB memory storage)', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
    await db.reference.insert({
      key: 'serverInfo',
      data: { username: 'anna', version: '1', apiVersion: '2', isAdmin: false },
      fetchedAt: 1,
    });
  });
  afterEach(async () => {
    await db.close();
  });

  const create = () => createInstance(db, { mrId: '1', mrName: 'Nord', mode: 'indoor', date: '2026-11-25' });
  const read = async (id: string) => (await db.offlineInstances.findOne(id).exec())?.toMutableJSON();

  describe('openOrCreateInstance', () => {
    const fields = { mrId: '1', mrName: 'Nord', mode: 'indoor', date: '2026-11-25' } as const;
    afterEach(() => vi.unstubAllGlobals());

    it("returns the user's open instance of the round and date, and creates one only when there is none", async () => {
      const first = await openOrCreateInstance(db, fields);
      expect(await openOrCreateInstance(db, fields)).toBe(first);
      expect(await openOrCreateInstance(db, { ...fields, date: '2026-11-26' })).not.toBe(first);
      // another user's open round on a shared device is theirs
      await (await db.offlineInstances.findOne(first).exec())?.incrementalPatch({ owner: 'olga' });
      expect(await openOrCreateInstance(db, fields)).not.toBe(first);
    });

    it('gives two tabs that start the same round at the same moment one instance (Web Lock)', async () => {
      // a lock manager that runs one holder of a name at a time, as the browser's does across tabs
      const held = new Map<string, Promise<unknown>>();
      const request = (name: string, run: () => Promise<unknown>) => {
        const result = (held.get(name) ?? Promise.resolve()).then(run, run);
        held.set(name, result);
        return result;
      };
      vi.stubGlobal('navigator', { locks: { request } });
      const ids = await Promise.all([openOrCreateInstance(db, fields), openOrCreateInstance(db, fields)]);
      expect(ids[0]).toBe(ids[1]);
      expect(await db.offlineInstances.count().exec()).toBe(1);
    });
  });

  it('creates a draft owned by the logged-in user', async () => {
    const i = await create();
    expect(i).toMatchObject({ syncState: 'draft', owner: 'anna', editRev: 0 });
    expect(submissionIdOf(i)).toBe(i.instanceId);
  });

  it('writes drafts only while the instance may be edited', async () => {
    const i = await create();
    await writeInstanceDraft(db, i.instanceId, 'ts1', { text: '1' });
    await queueInstance(db, i.instanceId);
    await expect(writeInstanceDraft(db, i.instanceId, 'ts1', { text: '2' })).rejects.toBeInstanceOf(InstanceConflict);
    expect(await readDrafts(db, i.instanceId)).toMatchObject([{ text: '1' }]);
  });

  it('queues once: a second submit (another tab) is refused', async () => {
    const i = await create();
    const [a, b] = await Promise.all([queueInstance(db, i.instanceId), queueInstance(db, i.instanceId)]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    expect((await read(i.instanceId))?.syncState).toBe('queued');
  });

  it('starts a send only from a sendable state and remembers its revision', async () => {
    const i = await create();
    expect(await startSend(db, i.instanceId)).toBeNull();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    expect(s).toMatchObject({ syncState: 'sending', sendRev: 0 });
    expect(await startSend(db, i.instanceId)).toBeNull();
  });

  it('never marks sent an instance edited again during its send (edit again wins)', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    await reopenInstance(db, i.instanceId);
    expect(await finishSend(db, i.instanceId, s?.sendRev ?? -1, 3)).toBeNull();
    expect(await stopSend(db, i.instanceId, s?.sendRev ?? -1, 'fail', { code: 'http', status: 500 })).toBeNull();
    expect(await read(i.instanceId)).toMatchObject({ syncState: 'draft', editRev: 1 });
  });

  it('turns an edit made while the values were being stored into a correction naming the stored submission', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    await reopenInstance(db, i.instanceId);
    expect(await recordValuesStored(db, i.instanceId, i.instanceId, s?.sendRev ?? -1, { valueCount: 2 })).toBe(false);
    const after = await read(i.instanceId);
    expect(after).toMatchObject({ syncState: 'correction', corrects: i.instanceId, storedSubmissionId: i.instanceId });
    expect(after?.submissionId).not.toBe(i.instanceId);
    // the correction is sent like any round, under its own id
    await queueInstance(db, i.instanceId);
    expect((await read(i.instanceId))?.syncState).toBe('queued');
  });

  it('goes on with the photos when nothing changed, and finishes as sent', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    expect(await recordValuesStored(db, i.instanceId, i.instanceId, s?.sendRev ?? -1, { valueCount: 2 })).toBe(true);
    expect((await read(i.instanceId))?.syncState).toBe('values-stored');
    expect(await finishSend(db, i.instanceId, s?.sendRev ?? -1)).toMatchObject({ syncState: 'sent', valueCount: 2 });
  });

  it('after a photo failed, an edit of the values is a correction; a plain resubmit sends only the photos', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    await recordValuesStored(db, i.instanceId, i.instanceId, s?.sendRev ?? -1);
    await stopSend(db, i.instanceId, s?.sendRev ?? -1, 'fail', { code: 'http', status: 502 });
    expect((await queueInstance(db, i.instanceId))?.syncState).toBe('values-stored');
    const again = await startSend(db, i.instanceId);
    await stopSend(db, i.instanceId, again?.sendRev ?? -1, 'fail', { code: 'http', status: 502 });
    const edited = await recordEdit(db, i.instanceId, { mrRemark: 'corrected' });
    expect(edited).toMatchObject({ syncState: 'correction', corrects: i.instanceId, mrRemark: 'corrected' });
    expect(edited.lastError).toBeUndefined();
    expect((await queueInstance(db, i.instanceId))?.syncState).toBe('queued');
  });

  describe('keystrokes into one round', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('leave the instance as it was while it is a draft: no write of it on a key', async () => {
      const i = await create();
      const revision = async () => (await db.offlineInstances.findOne(i.instanceId).exec())?.revision;
      const before = await revision();
      await writeInstanceDraft(db, i.instanceId, 'ts1', { text: '1' });
      await writeInstanceDraft(db, i.instanceId, 'ts1', { text: '16' });
      expect(await revision()).toBe(before);
      expect(await readDrafts(db, i.instanceId)).toMatchObject([{ text: '16' }]);
      // an edit that changes a field of the instance still writes it
      await recordEdit(db, i.instanceId, { mrRemark: 'Pegel vereist' });
      expect(await revision()).not.toBe(before);
    });

    it("are refused once another tab's submit is stored (written into the same storage)", async () => {
      const i = await create();
      await writeInstanceDraft(db, i.instanceId, 'ts1', { text: '1' });
      // the other tab writes into the same IndexedDB, past this tab's RxDB collection
      const storage = db.offlineInstances.storageInstance;
      const [previous] = await storage.findDocumentsById([i.instanceId], false);
      if (!previous) throw new Error('no instance stored');
      const queued = {
        ...previous,
        syncState: 'queued' as const,
        _rev: createRevision('another-tab', previous),
        _meta: { ...previous._meta, lwt: now() },
      };
      expect((await storage.bulkWrite([{ previous, document: queued }], 'another tab')).error).toEqual([]);
      await expect(writeInstanceDraft(db, i.instanceId, 'ts1', { text: '16' })).rejects.toBeInstanceOf(
        InstanceConflict,
      );
      expect(await readDrafts(db, i.instanceId)).toMatchObject([{ text: '1' }]);
    });

    it('are stored in the order typed when the first key after an error has to write the way back to editing', async () => {
      const i = await create();
      await queueInstance(db, i.instanceId);
      const s = await startSend(db, i.instanceId);
      await stopSend(db, i.instanceId, s?.sendRev ?? -1, 'fail', { code: 'http', status: 500 });
      // IndexedDB at load: every write of the instance takes a while, so later keys come while the first is stored
      db.offlineInstances.preSave(() => sleep(30), false);
      const typed = ['1', '16', '168', '1681', '1681,', '1681,5'];
      const writes: Promise<void>[] = [];
      for (const [k, text] of typed.entries()) {
        writes.push(writeInstanceDraft(db, i.instanceId, 'ts1', { text }));
        await sleep(k === 3 ? 40 : 5);
      }
      await Promise.all(writes);
      expect(await readDrafts(db, i.instanceId)).toMatchObject([{ text: '1681,5' }]);
      expect((await read(i.instanceId))?.syncState).toBe('draft');
    });
  });

  describe('a write checked before another tab sent the round, stored only after (a tab frozen in between)', () => {
    // where the other tab's send is when the late write lands, and where the round is after it
    const cases: [string, (id: string) => Promise<unknown>, string][] = [
      ['submitted, not taken yet: the send reads the write', (id) => queueInstance(db, id), 'queued'],
      ['being sent: back to editing, the send does not say sent', (id) => sendUpTo(id, 'sending'), 'draft'],
      ['values stored, photos left: a correction', (id) => sendUpTo(id, 'values-stored'), 'correction'],
      ['sent: a correction, never left out', (id) => sendUpTo(id, 'sent'), 'correction'],
      // a submit from this error would send only the photos: the write must make it a correction
      ['values stored, then a photo failed for good: a correction', (id) => sendUpTo(id, 'failed-after'), 'correction'],
      ['failed before the values: the next submit sends everything', (id) => sendUpTo(id, 'failed-before'), 'error'],
    ];

    async function sendUpTo(
      id: string,
      until: 'sending' | 'values-stored' | 'sent' | 'failed-after' | 'failed-before',
    ): Promise<void> {
      await queueInstance(db, id);
      const s = await startSend(db, id);
      const sendRev = s?.sendRev ?? -1;
      if (until === 'sending') return;
      if (until === 'failed-before') {
        await stopSend(db, id, sendRev, 'fail', { code: 'http', status: 500 });
        return;
      }
      await recordValuesStored(db, id, submissionIdOf({ instanceId: id }), sendRev, { valueCount: 1 });
      if (until === 'sent') await finishSend(db, id, sendRev, 1);
      if (until === 'failed-after') await stopSend(db, id, sendRev, 'fail', { code: 'http', status: 500 });
    }

    it.each(cases)('%s', async (_, otherTab, after) => {
      const i = await create();
      let land = () => undefined as void;
      const frozen = new Promise<void>((resolve) => (land = resolve));
      const write = withEdit(db, i.instanceId, async () => {
        await frozen;
        await writeDraft(db, i.instanceId, 'ts1', { text: '7' });
      });
      await otherTab(i.instanceId);
      land();
      await write;
      expect((await read(i.instanceId))?.syncState).toBe(after);
      expect(await readDrafts(db, i.instanceId)).toMatchObject([{ text: '7' }]);
    });
  });

  it('queues a correction at once when the server holds another body under the id (409)', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    expect(await recordValuesStored(db, i.instanceId, i.instanceId, s?.sendRev ?? -1, { conflict: true })).toBe(false);
    const after = await read(i.instanceId);
    expect(after).toMatchObject({ syncState: 'queued', corrects: i.instanceId });
    expect(after?.submissionId).not.toBe(i.instanceId);
  });

  it('lets either a concurrent reopen or the send win, never both', async () => {
    for (let n = 0; n < 5; n++) {
      const i = await create();
      await queueInstance(db, i.instanceId);
      const [s] = await Promise.all([startSend(db, i.instanceId), reopenInstance(db, i.instanceId)]);
      const finished = s ? await finishSend(db, i.instanceId, s.sendRev ?? -1) : null;
      const stored = await read(i.instanceId);
      // a finished send means the reopen came before the send took it, which the send would have refused
      expect(finished === null || stored?.editRev === 0).toBe(true);
      expect(stored?.syncState === 'sent').toBe(finished !== null);
    }
  });

  it('waits for its author and resumes after the login', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    expect(await waitForLogin(db, i.instanceId, { code: 'owner-login', owner: 'anna' })).toMatchObject({
      syncState: 'waiting-login',
    });
    expect(await startSend(db, i.instanceId)).toBeNull();
    expect(await resumeInstance(db, i.instanceId)).toMatchObject({ syncState: 'queued' });
  });

  it('deletes only what the user may delete', async () => {
    const i = await create();
    await queueInstance(db, i.instanceId);
    expect(await deleteInstanceDoc(db, i.instanceId)).toBe('not-deletable');
    await reopenInstance(db, i.instanceId);
    expect(await deleteInstanceDoc(db, i.instanceId)).toBe('deleted');
    expect(await deleteInstanceDoc(db, i.instanceId)).toBe('missing');
  });
});

describe('offline instance migration to version 2', () => {
  const v1: OfflineInstanceDocV1 = {
    instanceId: 'a',
    mrId: '1',
    mrName: 'N',
    mode: 'indoor',
    date: '2026-11-25',
    creationTime: 'x',
    syncState: 'retrying',
    lastError: '503 Service Unavailable',
    updatedAt: 1,
  };
  it.each([
    [{ ...v1 }, { syncState: 'queued', lastError: { code: 'legacy', detail: '503 Service Unavailable' } }],
    [{ ...v1, syncState: 'sending' }, { syncState: 'queued' }],
    [
      { ...v1, syncState: 'queued', lastError: 'login-required' },
      { syncState: 'waiting-login', lastError: { code: 'login-required' } },
    ],
    [
      { ...v1, syncState: 'error' },
      { syncState: 'error', mrName: 'N' },
    ],
    [{ ...v1, syncState: 'sent', lastError: undefined }, { syncState: 'sent' }],
  ])('keeps %o as %o', (doc, expected) => {
    expect(migrateOfflineInstanceV2(doc)).toMatchObject(expected);
  });
});
