import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncState } from '../../schemas/db/offline-instance-doc';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { readDrafts, writeDraft } from './draft-store';
import { createInstance, queueInstance, reopenInstance } from './instance-commands';
import { InstanceConflict } from './instance-guard';
import { recordValuesStored, startSend, stopSend } from './send-commands';
import { moveInstanceToDate } from './instance-date';

/**
 * §5 "overwrite the date" moves a round to another day. The date is part of what its submission carries, so the
 * move is an edit of the round through the lifecycle: a correction after a partial send, refused while sending.
 */
describe('moveInstanceToDate', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const FROM = '2026-11-25';
  const TO = '2026-11-26';
  const read = async (id: string) => (await db.offlineInstances.findOne(id).exec())?.toMutableJSON();
  const create = (date = FROM) => createInstance(db, { mrId: '1', mrName: 'Nord', mode: 'indoor', date });

  /** A round in `state`, with one typed value. */
  async function roundIn(
    state: 'draft' | 'half-sent' | 'queued' | 'sending' | 'values-stored',
    date = FROM,
  ): Promise<string> {
    const { instanceId: id } = await create(date);
    await writeDraft(db, id, 'ts1', { text: '1,5' });
    if (state === 'draft') return id;
    await queueInstance(db, id);
    if (state === 'queued') return id;
    const s = await startSend(db, id);
    if (state === 'sending') return id;
    await recordValuesStored(db, id, id, s?.sendRev ?? -1, { valueCount: 1 });
    if (state === 'values-stored') return id;
    await stopSend(db, id, s?.sendRev ?? -1, 'fail', { code: 'http', status: 502 });
    return id;
  }

  const moves: { state: 'draft' | 'half-sent'; after: SyncState; correction: boolean }[] = [
    { state: 'draft', after: 'draft', correction: false },
    // the server holds the values at the old date: the moved round goes out whole, as a correction naming them
    { state: 'half-sent', after: 'correction', correction: true },
  ];
  it.each(moves)('moves a $state round with its drafts, recorded as an edit ($after)', async (c) => {
    const id = await roundIn(c.state);
    const before = await read(id);
    expect(await moveInstanceToDate(db, id, TO)).toEqual({ kind: 'moved' });
    const after = await read(id);
    expect(after).toMatchObject({ date: TO, syncState: c.after, editRev: (before?.editRev ?? 0) + 1 });
    expect((await readDrafts(db, id)).map((d) => d.text)).toEqual(['1,5']);
    if (c.correction) {
      expect(after).toMatchObject({ corrects: id, storedSubmissionId: id });
      expect(after?.submissionId).not.toBe(id);
    } else expect(after?.corrects).toBeUndefined();
    // submitted again, the whole round is sent (the values step included, not "only the photos were left")
    expect((await queueInstance(db, id))?.syncState).toBe('queued');
  });

  it.each(['queued', 'sending', 'values-stored'] as const)(
    'is refused while the round is on its way (%s), and moves nothing',
    async (state) => {
      const id = await roundIn(state);
      await expect(moveInstanceToDate(db, id, TO)).rejects.toBeInstanceOf(InstanceConflict);
      expect(await read(id)).toMatchObject({ date: FROM, syncState: state });
    },
  );

  it('moves a round taken back with "Edit again" (a correction once the server held its values)', async () => {
    const id = await roundIn('values-stored');
    await reopenInstance(db, id);
    expect(await moveInstanceToDate(db, id, TO)).toEqual({ kind: 'moved' });
    expect(await read(id)).toMatchObject({ date: TO, syncState: 'correction', corrects: id });
  });

  it.each(['draft', 'half-sent', 'values-stored'] as const)(
    'refuses a day that already has an unsent instance of the round (%s there), and changes nothing',
    async (other) => {
      const id = await roundIn('draft');
      await roundIn(other, TO);
      expect(await moveInstanceToDate(db, id, TO)).toEqual({ kind: 'taken' });
      expect(await read(id)).toMatchObject({ date: FROM, editRev: 0 });
    },
  );

  it('checks without writing on a dry run, and says when the instance is gone', async () => {
    const id = await roundIn('half-sent');
    expect(await moveInstanceToDate(db, id, TO, { dryRun: true })).toEqual({ kind: 'moved' });
    expect(await read(id)).toMatchObject({ date: FROM, syncState: 'error' });
    expect(await moveInstanceToDate(db, 'nope', TO)).toEqual({ kind: 'missing' });
  });
});
