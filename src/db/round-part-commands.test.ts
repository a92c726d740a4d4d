import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { readDrafts, writeDraft } from './draft-store';
import { createInstance, queueInstance } from './instance-commands';
import { InstanceConflict } from './instance-guard';
import { recordValuesStored, startSend, stopSend } from './send-commands';
import { addTask, removeTaskChange, toggleTask } from './task-commands';
import { createFacility, saveFacilityChange, undoFacilityChange } from './facility-commands';
import { addPhoto, deletePhoto } from './photo-commands';
import { removeStationCopy } from './station-copy-commands';

/**
 * Everything a submission carries is an edit of its round: each command of a round's part (task, facility,
 * photo, station copy) records an edit on the instance through the lifecycle, so after a half-finished send the
 * next submit sends a correction carrying it instead of only the missing photos.
 */
describe('commands of the parts of a round', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const read = async (id: string) => (await db.offlineInstances.findOne(id).exec())?.toMutableJSON();
  const image = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
  const photo = { mrId: '1', tsId: 'ts1', staNumber: '2001', tsParameter: 'W', width: 4, height: 3 };
  const facility = { id: 'f1', name: 'Logger', model: 'L', attributes: { depth: 3 } };

  /** A round whose values the server holds while its photo upload failed for good. */
  async function halfSent(): Promise<string> {
    const i = await createInstance(db, { mrId: '1', mrName: 'Nord', mode: 'indoor', date: '2026-11-25' });
    await writeDraft(db, i.instanceId, 'ts1', { text: '1,5' });
    await queueInstance(db, i.instanceId);
    const s = await startSend(db, i.instanceId);
    await recordValuesStored(db, i.instanceId, i.instanceId, s?.sendRev ?? -1, { valueCount: 1 });
    await stopSend(db, i.instanceId, s?.sendRev ?? -1, 'fail', { code: 'http', status: 502 });
    expect((await read(i.instanceId))?.syncState).toBe('error');
    return i.instanceId;
  }

  const commands: {
    name: string;
    prepare?: (id: string) => Promise<void>;
    run: (id: string) => Promise<unknown>;
    stored: (id: string) => Promise<boolean>;
  }[] = [
    {
      name: 'toggleTask (a server task ticked)',
      run: (id) =>
        toggleTask(db, id, { taskId: 't1', mrId: '1', staNumber: '2001', taskType: 'Batterie', serverDone: false }),
      stored: async () => (await db.tasks.findOne('t1').exec())?.taskDone === true,
    },
    {
      name: 'addTask',
      run: (id) => addTask(db, id, { mrId: '1', staNumber: '2001', taskType: 'Wartung', text: 'Schacht' }),
      stored: async (id) => (await db.tasks.find({ selector: { instanceId: id } }).exec()).length === 1,
    },
    {
      name: 'removeTaskChange',
      prepare: async (id) => {
        await db.tasks.insert({
          ...{ taskId: 't2', instanceId: id, mrId: '1', staNumber: '2001', taskType: 'W', taskDone: false },
          ...{ isNew: true, creationTime: '2026-11-25T08:00:00Z', updatedAt: 1 },
        });
      },
      run: (id) => removeTaskChange(db, id, 't2'),
      stored: async () => (await db.tasks.findOne('t2').exec()) === null,
    },
    {
      name: 'saveFacilityChange',
      run: (id) =>
        saveFacilityChange(
          db,
          id,
          { mrId: '1', staNumber: '2001', original: facility },
          { name: 'Logger 2', attributes: { depth: 3 }, moveTo: '2001', invalid: false },
        ),
      stored: async () => (await db.facilities.findOne('f1').exec())?.action.join() === 'EDIT',
    },
    {
      name: 'createFacility',
      run: (id) => createFacility(db, id, { mrId: '1', staNumber: '2001', model: 'L', name: 'Neu', attributes: {} }),
      stored: async (id) => (await db.facilities.find({ selector: { instanceId: id } }).exec()).length === 1,
    },
    {
      name: 'undoFacilityChange',
      prepare: async (id) => {
        await db.facilities.insert({
          ...{ id: 'f2', instanceId: id, mrId: '1', staNumber: '2001', action: ['NEW'], invalid: false },
          ...{ name: 'N', model: 'L', attributes: {}, stations: ['2001'], updatedAt: 1 },
        });
      },
      run: (id) => undoFacilityChange(db, id, 'f2'),
      stored: async () => (await db.facilities.findOne('f2').exec()) === null,
    },
    {
      name: 'addPhoto',
      run: (id) => addPhoto(db, id, photo, image()),
      stored: async (id) => {
        const [doc] = await db.photos.find({ selector: { instanceId: id } }).exec();
        return doc?.getAttachment('image') !== null && doc?.uploaded === false;
      },
    },
    {
      name: 'deletePhoto (one the server does not hold)',
      prepare: async (id) => {
        await db.photos.insert({
          ...photo,
          id: 'p1',
          instanceId: id,
          dt: '2026-11-25T08:00:00Z',
          uploaded: false,
          createdAt: 1,
        });
      },
      run: () => deletePhoto(db, 'p1'),
      stored: async () => (await db.photos.findOne('p1').exec()) === null,
    },
    {
      name: 'removeStationCopy',
      prepare: async (id) => writeDraft(db, id, 'ts1#2', { copyOf: 'ts1', time: '10:00', text: '2' }),
      run: (id) => removeStationCopy(db, id, ['ts1#2']),
      stored: async (id) => !(await readDrafts(db, id)).some((d) => d.tsId === 'ts1#2'),
    },
  ];

  describe.each(commands)('$name', ({ prepare, run, stored }) => {
    it('after a half-finished send, records a correction so the next submit carries the change', async () => {
      const id = await halfSent();
      await prepare?.(id);
      await run(id);
      expect(await stored(id)).toBe(true);
      const after = await read(id);
      expect(after).toMatchObject({ syncState: 'correction', corrects: id, storedSubmissionId: id });
      expect(after?.submissionId).not.toBe(id);
      // submitted again, it is sent as a whole (values step included), not as "only the photos were left"
      expect((await queueInstance(db, id))?.syncState).toBe('queued');
    });

    it('is refused while the round is on its way, and writes nothing', async () => {
      const i = await createInstance(db, { mrId: '1', mrName: 'Nord', mode: 'indoor', date: '2026-11-25' });
      await prepare?.(i.instanceId);
      await queueInstance(db, i.instanceId);
      await expect(run(i.instanceId)).rejects.toBeInstanceOf(InstanceConflict);
      expect(await stored(i.instanceId)).toBe(false);
      expect((await read(i.instanceId))?.syncState).toBe('queued');
    });

    it('writes into a draft without moving it', async () => {
      const i = await createInstance(db, { mrId: '1', mrName: 'Nord', mode: 'indoor', date: '2026-11-25' });
      await prepare?.(i.instanceId);
      await run(i.instanceId);
      expect(await stored(i.instanceId)).toBe(true);
      expect(await read(i.instanceId)).toMatchObject({ syncState: 'draft', editRev: 0 });
    });
  });

  it('keeps a photo the server holds', async () => {
    const id = await halfSent();
    await db.photos.insert({
      ...photo,
      id: 'p2',
      instanceId: id,
      dt: '2026-11-25T08:00:00Z',
      uploaded: true,
      createdAt: 1,
    });
    expect(await deletePhoto(db, 'p2')).toBe('uploaded');
    expect(await db.photos.findOne('p2').exec()).not.toBeNull();
    expect((await read(id))?.syncState).toBe('error');
  });

  it('takes back only a change of this round, never one recorded under an earlier round', async () => {
    const id = await halfSent();
    await db.tasks.insert({
      ...{ taskId: 't3', instanceId: 'earlier', mrId: '1', staNumber: '2001', taskType: 'W', taskDone: true },
      ...{ isNew: false, creationTime: '2026-11-24T08:00:00Z', updatedAt: 1 },
    });
    await removeTaskChange(db, id, 't3');
    expect(await db.tasks.findOne('t3').exec()).not.toBeNull();
    expect((await read(id))?.syncState).toBe('error');
  });
});
