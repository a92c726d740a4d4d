import * as v from 'valibot';
import { DraftSchema, type DraftPatch } from '../../schemas/db/draft-doc';
import { OfflineInstanceDocSchema } from '../../schemas/db/offline-instance-doc';

/**
 * A keystroke's write goes through several IndexedDB round trips (the round's lifecycle, then the draft) before its
 * transaction starts, and a page that goes in that window (a reload, a closed tab, an app the phone killed) lost
 * the key: 3 of 6 edits followed at once by a reload were gone (`bench/reload-after-edit.ts`, 28 Nov). localStorage
 * is written synchronously, so every draft write is first noted there and the note is removed once its write has
 * settled. A note still there at the next start is a write that never happened: it is replayed through the same
 * command before any screen reads the drafts.
 *
 * Notes belong to the tab that wrote them (it holds a Web Lock named after itself while it lives), so a second tab
 * starting meanwhile never replays the notes of a tab still typing, which would put an older value over a newer one.
 */
const PREFIX = 'hwe-journal:';
const TAB_LOCK = 'hwe-journal-tab:';
/** Without Web Locks, a note older than this is taken as left behind (no write waits that long). */
const ORPHAN_AGE_MS = 60_000;

const PatchSchema = v.partial(v.omit(DraftSchema, ['tsId', 'updatedAt']));
type PatchKey = keyof DraftPatch;
const PATCH_KEYS = new Set<string>(Object.keys(PatchSchema.entries));

/**
 * Where a key goes: a stored instance, or the round a first key opens (the instance is created on that key, in
 * several IndexedDB round trips of its own, so the key is noted before).
 */
const TargetSchema = v.union([
  v.object({ instanceId: v.string() }),
  v.object({
    open: v.pick(OfflineInstanceDocSchema, ['mrId', 'mrName', 'mrGroup', 'mode', 'date']),
    anyState: v.optional(v.boolean()),
  }),
]);
export type JournalTarget = v.InferOutput<typeof TargetSchema>;

function targetKey(target: JournalTarget): string {
  return 'instanceId' in target ? target.instanceId : `${target.open.mrId}|${target.open.date}|${target.open.mode}`;
}

const NoteSchema = v.object({
  tabId: v.string(),
  seq: v.number(),
  at: v.number(),
  target: TargetSchema,
  tsId: v.string(),
  /** the fields set, and the ones cleared (JSON has no undefined) */
  set: PatchSchema,
  cleared: v.array(v.string()),
});
type Note = v.InferOutput<typeof NoteSchema>;

/** A write of a noted draft, through the same commands the screens use. */
export type JournaledWrite = (target: JournalTarget, tsId: string, patch: DraftPatch) => Promise<void>;

interface JournalEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
  locks?: Pick<LockManager, 'request' | 'query'>;
  now: () => number;
}

function browserEnv(): JournalEnv | undefined {
  try {
    if (typeof localStorage === 'undefined') return undefined;
    return {
      storage: localStorage,
      locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
      now: Date.now,
    };
  } catch {
    return undefined; // storage blocked by the browser's settings: the write goes on unjournaled
  }
}

export class KeystrokeJournal {
  private readonly tabId = crypto.randomUUID();
  private seq = 0;
  private holding: Promise<void> | undefined;
  /** This tab's newest note of each entry whose write has not settled yet (what a later note merges with). */
  private readonly unsettled = new Map<string, Note>();

  constructor(private readonly env: JournalEnv) {}

  /** Holds this tab's lock for as long as the tab lives (released by the browser when it goes). */
  private holdTabLock(): void {
    if (this.holding || !this.env.locks) return;
    this.holding = new Promise<void>((held) => {
      void this.env.locks!.request(`${TAB_LOCK}${this.tabId}`, () => {
        held();
        return new Promise<never>(() => undefined);
      });
    });
  }

  /**
   * Notes a write before it starts; answers the function that removes the note once the write settled. A later
   * write of the same entry carries the fields of the unsettled earlier ones, so the newest note is whole.
   *
   * This tab's unsettled notes are kept in memory (`unsettled`), so a keystroke costs one localStorage write and
   * no read or JSON parse: the profile of a keystroke in the 2,000-entry table (docs/benchmarks.md, "What a
   * keystroke costs") showed the journal's storage calls as its largest single step.
   */
  note(target: JournalTarget, tsId: string, patch: DraftPatch): () => void {
    this.holdTabLock();
    const key = `${PREFIX}${targetKey(target)}|${tsId}`;
    const seq = ++this.seq;
    const base = this.unsettled.get(key);
    const set: Record<string, unknown> = { ...base?.set };
    const cleared = new Set(base?.cleared);
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) {
        delete set[field];
        cleared.add(field);
      } else {
        set[field] = value;
        cleared.delete(field);
      }
    }
    const note = { tabId: this.tabId, seq, at: this.env.now(), target, tsId, set, cleared: [...cleared] };
    this.unsettled.set(key, note);
    try {
      this.env.storage.setItem(key, JSON.stringify(note));
    } catch (e) {
      // a full localStorage must not stop the write itself: IndexedDB may still have room
      console.warn('noting a keystroke failed; it is written without a note', e);
    }
    return () => {
      // a later write of this entry is still on its way: its note (or another tab's newer one) stays
      if (this.unsettled.get(key)?.seq !== seq) return;
      this.unsettled.delete(key);
      try {
        // read back, not assumed: another tab may have noted a newer value of this entry since, and that note stays
        const now = this.read(key);
        if (now?.tabId === this.tabId && now.seq === seq) this.env.storage.removeItem(key);
      } catch {
        // nothing to clean up when storage cannot be read
      }
    };
  }

  /** The notes left behind by tabs that are gone, oldest first. */
  async orphans(): Promise<Note[]> {
    const { storage, locks, now } = this.env;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    if (keys.length === 0) return [];
    const live = locks
      ? new Set(
          ((await locks.query()).held ?? [])
            .map((l) => l.name ?? '')
            .filter((n) => n.startsWith(TAB_LOCK))
            .map((n) => n.slice(TAB_LOCK.length)),
        )
      : undefined;
    const notes: Note[] = [];
    for (const key of keys) {
      const note = this.read(key);
      if (!note) {
        storage.removeItem(key); // unreadable: it cannot be replayed
        continue;
      }
      if (note.tabId === this.tabId) continue;
      const gone = live ? !live.has(note.tabId) : now() - note.at > ORPHAN_AGE_MS;
      if (gone) notes.push(note);
    }
    return notes.sort((a, b) => a.at - b.at);
  }

  /**
   * Replays the notes of tabs that are gone through `write`, each removed once written (or once refused: a round
   * that meanwhile went on its way takes no writes, and its refusal is logged). Answers how many were replayed.
   */
  async replay(write: JournaledWrite): Promise<number> {
    let replayed = 0;
    for (const note of await this.orphans()) {
      const key = `${PREFIX}${targetKey(note.target)}|${note.tsId}`;
      try {
        await write(note.target, note.tsId, patchOf(note));
        replayed++;
      } catch (e) {
        console.error('a keystroke noted before the app went could not be written', note, e);
      } finally {
        const now = this.read(key);
        if (now?.tabId === note.tabId && now.seq === note.seq) this.env.storage.removeItem(key);
      }
    }
    return replayed;
  }

  private read(key: string): Note | undefined {
    const text = this.env.storage.getItem(key);
    if (text === null) return undefined;
    try {
      const parsed = v.safeParse(NoteSchema, JSON.parse(text));
      return parsed.success ? parsed.output : undefined;
    } catch {
      return undefined;
    }
  }
}

function patchOf(note: Note): DraftPatch {
  const patch: DraftPatch = { ...note.set };
  for (const field of note.cleared) if (PATCH_KEYS.has(field)) patch[field as PatchKey] = undefined;
  return patch;
}

let journal: KeystrokeJournal | null | undefined;

/** This tab's journal, or null where the browser offers no localStorage (the writes then go unjournaled). */
export function keystrokeJournal(): KeystrokeJournal | null {
  if (journal === undefined) {
    const env = browserEnv();
    journal = env ? new KeystrokeJournal(env) : null;
  }
  return journal;
}
