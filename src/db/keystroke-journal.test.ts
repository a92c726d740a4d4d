import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DraftPatch } from '../../schemas/db/draft-doc';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { readDrafts } from './draft-store';
import { createInstance, openOrCreateInstance, writeInstanceDraft } from './instance-commands';
import { KeystrokeJournal, type JournalTarget } from './keystroke-journal';

/** localStorage as a Map: what the journal needs of it. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, value: string) => void map.set(k, value),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** Web Locks held by tabs still open: a tab that "goes" drops its locks, as the browser does. */
function memoryLocks() {
  const held = new Set<string>();
  return {
    held,
    request: (name: string, cb: () => Promise<never>) => {
      held.add(name);
      void cb();
      return new Promise<never>(() => undefined);
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name, mode: 'exclusive' as const })) }),
  };
}

type Env = ConstructorParameters<typeof KeystrokeJournal>[0];
const NORD = { mrId: '1', mrName: 'Nord', mode: 'indoor' as const, date: '2026-11-25' };

describe('the keystroke journal: a key typed just before the page goes is written at the next start', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let locks: ReturnType<typeof memoryLocks>;
  let clock: number;
  const env = (withLocks = true): Env => ({
    storage,
    locks: withLocks ? (locks as unknown as Env['locks']) : undefined,
    now: () => clock,
  });
  const calls: [string, string, DraftPatch][] = [];
  const record = (target: JournalTarget, tsId: string, patch: DraftPatch) => {
    calls.push(['instanceId' in target ? target.instanceId : `open ${target.open.mrId}`, tsId, patch]);
    return Promise.resolve();
  };
  beforeEach(() => {
    storage = memoryStorage();
    locks = memoryLocks();
    clock = 1_000;
    calls.length = 0;
  });

  it('removes the note once its write settled, so a normal start replays nothing', async () => {
    const tab = new KeystrokeJournal(env());
    const settled = tab.note({ instanceId: 'i1' }, 'ts1', { text: '1,5' });
    expect(storage.map.size).toBe(1);
    settled();
    expect(storage.map.size).toBe(0);
    expect(await new KeystrokeJournal(env()).replay(record)).toBe(0);
  });

  it('replays the newest note of a tab that went, with every field of its unsettled writes, cleared ones too', async () => {
    const gone = new KeystrokeJournal(env());
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '1', remark: 'Eis' });
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '12' });
    gone.note({ instanceId: 'i1' }, 'ts1', { remark: undefined });
    locks.held.clear(); // the tab went
    const next = new KeystrokeJournal(env());
    expect(await next.replay(record)).toBe(1);
    expect(calls).toEqual([['i1', 'ts1', { text: '12', remark: undefined }]]);
    expect(storage.map.size).toBe(0);
  });

  it('an earlier settled write does not remove the note of a later unsettled one', async () => {
    const gone = new KeystrokeJournal(env());
    const first = gone.note({ instanceId: 'i1' }, 'ts1', { text: '1' });
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '12' });
    first();
    expect(storage.map.size).toBe(1);
    locks.held.clear();
    await new KeystrokeJournal(env()).replay(record);
    expect(calls).toEqual([['i1', 'ts1', { text: '12' }]]);
  });

  it('a key reads nothing from localStorage: the unsettled fields it carries are held in memory', async () => {
    let reads = 0;
    const counting = { ...storage, getItem: (k: string) => (reads++, storage.getItem(k)) };
    const gone = new KeystrokeJournal({ ...env(), storage: counting });
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '1', remark: 'Eis' });
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '12' });
    gone.note({ instanceId: 'i1' }, 'ts2', { text: '3' })();
    expect(reads).toBe(1); // only the settled write of ts2 read its note back
    locks.held.clear();
    await new KeystrokeJournal(env()).replay(record);
    expect(calls).toEqual([['i1', 'ts1', { text: '12', remark: 'Eis' }]]);
  });

  it("a settled write never removes another tab's newer note of the same entry", async () => {
    const mine = new KeystrokeJournal(env());
    const settled = mine.note({ instanceId: 'i1' }, 'ts1', { text: '1' });
    const other = new KeystrokeJournal(env());
    other.note({ instanceId: 'i1' }, 'ts1', { text: '2' });
    settled();
    expect(storage.map.size).toBe(1);
    locks.held.clear(); // both tabs went: the other tab's note is the one replayed
    await new KeystrokeJournal(env()).replay(record);
    expect(calls).toEqual([['i1', 'ts1', { text: '2' }]]);
  });

  it('never replays the notes of a tab still open (it would put an older value over a newer one)', async () => {
    const open = new KeystrokeJournal(env());
    open.note({ instanceId: 'i1' }, 'ts1', { text: '7' });
    expect(await new KeystrokeJournal(env()).replay(record)).toBe(0);
    expect(storage.map.size).toBe(1);
  });

  it.each([
    ['a minute and more old', 61_000, 1],
    ['a few seconds old (its tab may still be writing)', 5_000, 0],
  ])('without Web Locks, replays a note %s', async (_, age, expected) => {
    new KeystrokeJournal(env(false)).note({ instanceId: 'i1' }, 'ts1', { text: '3' });
    clock += age;
    expect(await new KeystrokeJournal(env(false)).replay(record)).toBe(expected);
  });

  it('drops a note it cannot read, and keeps other storage keys', async () => {
    storage.setItem('hwe-journal:i1|ts1', '{"broken"');
    storage.setItem('other', 'x');
    expect(await new KeystrokeJournal(env()).replay(record)).toBe(0);
    expect([...storage.map.keys()]).toEqual(['other']);
  });

  it('removes a note whose write is refused, and goes on with the next', async () => {
    const gone = new KeystrokeJournal(env());
    gone.note({ instanceId: 'i1' }, 'ts1', { text: '1' });
    gone.note({ instanceId: 'i2' }, 'ts1', { text: '2' });
    locks.held.clear();
    const refusing = (target: JournalTarget, tsId: string, patch: DraftPatch) =>
      'instanceId' in target && target.instanceId === 'i1'
        ? Promise.reject(new Error('on its way'))
        : record(target, tsId, patch);
    expect(await new KeystrokeJournal(env()).replay(refusing)).toBe(1);
    expect(calls).toEqual([['i2', 'ts1', { text: '2' }]]);
    expect(storage.map.size).toBe(0);
  });

  it('a full localStorage does not stop the write', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const tab = new KeystrokeJournal({ ...env(), storage: full });
    expect(() => tab.note({ instanceId: 'i1' }, 'ts1', { text: '1' })()).not.toThrow();
  });

  describe('into the database, through the command the screens use', () => {
    let db: AppDatabase;
    beforeEach(async () => {
      db = await memoryDatabase();
    });
    afterEach(async () => {
      await db.close();
    });

    const replayInto = (target: JournalTarget, tsId: string, patch: DraftPatch) =>
      'instanceId' in target
        ? writeInstanceDraft(db, target.instanceId, tsId, patch)
        : openOrCreateInstance(db, target.open).then((id) => writeInstanceDraft(db, id, tsId, patch));

    it('the replayed key of a stored round is its stored draft', async () => {
      const { instanceId } = await createInstance(db, NORD);
      await writeInstanceDraft(db, instanceId, 'ts1', { text: '1' });
      const gone = new KeystrokeJournal(env());
      gone.note({ instanceId }, 'ts1', { text: '1,75' }); // the page went before its write
      locks.held.clear();
      await new KeystrokeJournal(env()).replay(replayInto);
      expect((await readDrafts(db, instanceId)).map((d) => d.text)).toEqual(['1,75']);
    });

    it("a round's first key, noted before its instance existed, opens the round and is its draft", async () => {
      new KeystrokeJournal(env()).note({ open: NORD }, 'ts1', { text: '3' });
      locks.held.clear();
      await new KeystrokeJournal(env()).replay(replayInto);
      const instanceId = await openOrCreateInstance(db, NORD);
      expect((await readDrafts(db, instanceId)).map((d) => d.text)).toEqual(['3']);
      expect(await db.offlineInstances.count().exec()).toBe(1);
    });
  });
});
