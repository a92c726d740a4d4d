import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { readDrafts, removeDraft, writeDraft } from './draft-store';
import type { DraftPatch } from '../../schemas/db/draft-doc';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keys into one entry while its draft is being written: a slow phone's IndexedDB takes longer than the gap between
 * two keys, so each write is held here as long as that; the writes of the drafts are counted at the storage.
 */
describe('writeDraft under quick keys', () => {
  let db: AppDatabase;
  let writes: number;
  beforeEach(async () => {
    db = await memoryDatabase();
    writes = 0;
    const storage = db.drafts.storageInstance;
    const bulkWrite = storage.bulkWrite.bind(storage);
    storage.bulkWrite = async (rows, context) => {
      writes += 1;
      await sleep(30);
      return bulkWrite(rows, context);
    };
  });
  afterEach(async () => {
    await db.close();
  });

  /**
   * Calls writeDraft for each patch: at once one after the other (each key comes while the first is written), or
   * slowly, each after the one before is stored.
   */
  async function type(patches: DraftPatch[], slowly: boolean): Promise<void> {
    const calls: Promise<void>[] = [];
    for (const patch of patches) {
      calls.push(writeDraft(db, 'i1', 'ts1', patch));
      if (slowly) await calls.at(-1);
    }
    await Promise.all(calls);
  }

  it.each<[string, DraftPatch[], Record<string, unknown>, number]>([
    [
      'four keys: the first write, then one for the three that came meanwhile',
      [{ text: '1' }, { text: '16' }, { text: '168' }, { text: '1681' }],
      { text: '1681' },
      2,
    ],
    [
      'a value and a remark: both fields, each as typed last',
      [{ text: '1' }, { remark: 'Eis' }, { text: '2' }],
      { text: '2', remark: 'Eis' },
      2,
    ],
    [
      'a remark cleared after it was typed: cleared',
      [{ text: '1' }, { remark: 'Eis' }, { remark: undefined }],
      { text: '1' },
      2,
    ],
    [
      'keys slower than the writes: one write each',
      [{ text: '1' }, { text: '16' }, { text: '168' }],
      { text: '168' },
      3,
    ],
  ])('%s', async (name, patches, stored, expectedWrites) => {
    await type(patches, name.startsWith('keys slower'));
    const [draft] = await readDrafts(db, 'i1');
    expect(draft).toMatchObject(stored);
    if (!('remark' in stored)) expect(draft).not.toHaveProperty('remark');
    expect(writes).toBe(expectedWrites);
  });

  it('resolves each key only once its text is stored', async () => {
    const first = writeDraft(db, 'i1', 'ts1', { text: '1' });
    const second = writeDraft(db, 'i1', 'ts1', { text: '16' });
    await first;
    expect(await readDrafts(db, 'i1')).toMatchObject([{ text: '1' }]);
    await second;
    expect(await readDrafts(db, 'i1')).toMatchObject([{ text: '16' }]);
  });

  it('keeps a key typed after a removal that was queued behind a waiting key', async () => {
    const calls = [writeDraft(db, 'i1', 'ts1', { text: '1' })];
    calls.push(writeDraft(db, 'i1', 'ts1', { text: '16' }));
    calls.push(removeDraft(db, 'i1', 'ts1'));
    calls.push(writeDraft(db, 'i1', 'ts1', { text: '7' }));
    await Promise.all(calls);
    expect(await readDrafts(db, 'i1')).toMatchObject([{ text: '7' }]);
  });
});
