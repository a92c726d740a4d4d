import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { concatMap, type OperatorFunction, type Subscription } from 'rxjs';
import { draftId, type Draft, type DraftPatch } from '../../schemas/db/draft-doc';
import type { AppDatabase } from './database';

/**
 * The drafts of one instance, held in memory from one RxDB query and handed out per timeseries, so a
 * keystroke re-renders the row it belongs to and not the whole round.
 */
export class DraftStore {
  private byTs = new Map<string, Draft>();
  private list: readonly Draft[] = [];
  private readonly keyListeners = new Map<string, Set<() => void>>();
  private readonly listListeners = new Set<() => void>();
  private readonly loadedListeners = new Set<() => void>();
  private sub: Subscription | undefined;
  /** false until the first query result arrived, so screens can tell "no drafts" from "not loaded" */
  loaded: boolean;

  constructor(
    private readonly db: AppDatabase,
    readonly instanceId: string | undefined,
  ) {
    const seed = instanceId === undefined ? undefined : takeSeed(db, instanceId);
    if (seed) {
      // read together with the instance (preloadDrafts): the screen's first render shows the stored values
      for (const draft of seed) this.byTs.set(draft.tsId, draft);
      this.list = seed;
    }
    this.loaded = instanceId === undefined || seed !== undefined;
  }

  start(): void {
    if (!this.instanceId || this.sub) return;
    this.sub = this.db.drafts.find({ selector: { instanceId: this.instanceId } }).$.subscribe((docs) => {
      const next = new Map<string, Draft>();
      const changed: string[] = [];
      for (const doc of docs) {
        const prev = this.byTs.get(doc.tsId);
        // RxDB hands out a new object per emission; keep the old one while the document is the same
        if (prev && prev.updatedAt === doc.updatedAt) next.set(doc.tsId, prev);
        else {
          const { id: _id, instanceId: _instanceId, ...draft } = doc.toMutableJSON();
          next.set(doc.tsId, draft);
          changed.push(doc.tsId);
        }
      }
      for (const tsId of this.byTs.keys()) if (!next.has(tsId)) changed.push(tsId);
      this.byTs = next;
      const first = !this.loaded;
      this.loaded = true;
      if (changed.length === 0 && !first) return;
      this.list = [...next.values()];
      for (const tsId of changed) this.keyListeners.get(tsId)?.forEach((l) => l());
      this.listListeners.forEach((l) => l());
      if (first) this.loadedListeners.forEach((l) => l());
    });
  }

  stop(): void {
    this.sub?.unsubscribe();
    this.sub = undefined;
  }

  get(tsId: string): Draft | undefined {
    return this.byTs.get(tsId);
  }

  all(): readonly Draft[] {
    return this.list;
  }

  subscribeKey(tsId: string, listener: () => void): () => void {
    let set = this.keyListeners.get(tsId);
    if (!set) this.keyListeners.set(tsId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: () => void): () => void {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  }

  /** Told once, when the first query result arrived (not on every keystroke, as subscribeAll is). */
  subscribeLoaded(listener: () => void): () => void {
    this.loadedListeners.add(listener);
    return () => this.loadedListeners.delete(listener);
  }
}

/**
 * Drafts read ahead for an instance (prefetchDrafts), waiting for the DraftStore the screen creates for it. A seed
 * older than this is not taken (the store then loads as usual): it bridges the screen's first render, which at 4×
 * slower CPU took seconds for the table.
 */
const SEED_MAX_AGE_MS = 10_000;
interface Seeds {
  ready: Map<string, { drafts: Draft[]; at: number }>;
  reading: Map<string, Promise<void>>;
  /** per instance, how many writes this tab started: a read that saw fewer is stale */
  writes: Map<string, number>;
}
const seedsOf = new WeakMap<AppDatabase, Seeds>();
function seeds(db: AppDatabase): Seeds {
  let s = seedsOf.get(db);
  if (!s) seedsOf.set(db, (s = { ready: new Map(), reading: new Map(), writes: new Map() }));
  return s;
}

function takeSeed(db: AppDatabase, instanceId: string): Draft[] | undefined {
  const { ready } = seeds(db);
  const seed = ready.get(instanceId);
  ready.delete(instanceId);
  return seed && Date.now() - seed.at <= SEED_MAX_AGE_MS ? seed.drafts : undefined;
}

/** A write of this tab makes a seed read before it stale. */
function dropSeed(db: AppDatabase, instanceId: string): void {
  const s = seeds(db);
  s.ready.delete(instanceId);
  s.writes.set(instanceId, (s.writes.get(instanceId) ?? 0) + 1);
}

/**
 * Reads the drafts of an instance ahead, as the seed of its next DraftStore; one read at a time per instance, and
 * none while a fresh seed waits. Resolves when the seed is there (or the read failed: the store then reads itself).
 */
export function prefetchDrafts(db: AppDatabase, instanceId: string): Promise<void> {
  const s = seeds(db);
  const seed = s.ready.get(instanceId);
  if (seed && Date.now() - seed.at <= SEED_MAX_AGE_MS) return Promise.resolve();
  const reading = s.reading.get(instanceId);
  if (reading) return reading;
  const writes = s.writes.get(instanceId) ?? 0;
  const read = readDrafts(db, instanceId)
    .then(
      (drafts) => {
        if ((s.writes.get(instanceId) ?? 0) === writes) s.ready.set(instanceId, { drafts, at: Date.now() });
      },
      (e: unknown) => console.error('reading the drafts ahead failed', e),
    )
    .finally(() => s.reading.delete(instanceId));
  s.reading.set(instanceId, read);
  return read;
}

/**
 * For an observable of a screen's instance: a newly seen instance is emitted only once its drafts are read
 * (prefetchDrafts), and they seed the DraftStore the screen creates for it. Without this the drafts query started
 * only after the screen had rendered every row once more without them (the store starts in an effect). Later
 * emissions of the same instance pass at once.
 */
export function preloadDrafts<T extends { instanceId: string } | null | undefined>(
  db: AppDatabase,
): OperatorFunction<T, T> {
  let seen: string | undefined;
  return concatMap(async (instance: T) => {
    const id = instance?.instanceId;
    if (id === undefined || id === seen) return instance;
    seen = id;
    await prefetchDrafts(db, id);
    return instance;
  });
}

/** The draft store of an instance for as long as the component shows it. */
export function useDraftStore(db: AppDatabase, instanceId: string | undefined): DraftStore {
  const store = useMemo(() => new DraftStore(db, instanceId), [db, instanceId]);
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  return store;
}

/** One timeseries' draft; the component re-renders only when that draft changes. */
export function useDraft(store: DraftStore, tsId: string): Draft | undefined {
  return useSyncExternalStore(
    (l) => store.subscribeKey(tsId, l),
    () => store.get(tsId),
  );
}

/** Whether the store has read its drafts: before, none and not read look alike (a count of 0 would be a claim). */
export function useDraftsRead(store: DraftStore): boolean {
  const subscribe = useCallback((l: () => void) => store.subscribeLoaded(l), [store]);
  return useSyncExternalStore(subscribe, () => store.loaded);
}

/** Every draft of the instance (for counts and checks over the whole round). */
export function useAllDrafts(store: DraftStore): readonly Draft[] {
  return useSyncExternalStore(
    (l) => store.subscribeAll(l),
    () => store.all(),
  );
}

const queues = new Map<string, Promise<unknown>>();
/** Per draft, the write queued behind the one under way and not started yet: the next key's patch joins it. */
const waiting = new Map<string, { holder: { patch: DraftPatch }; written: Promise<void> }>();

/**
 * Merges a patch into one entry's draft. Writes of one entry run one after the other, so the last keystroke is the
 * one stored, however slowly IndexedDB answers. Keys that come while a write is under way are stored together in
 * the one write after it: on a slow phone three quick keys queued three writes, and the last key's value waited for
 * all of them (each key is in the keystroke journal meanwhile, so none is at risk).
 */
export function writeDraft(db: AppDatabase, instanceId: string, tsId: string, patch: DraftPatch): Promise<void> {
  const id = draftId(instanceId, tsId);
  dropSeed(db, instanceId);
  const joined = waiting.get(id);
  if (joined) {
    // applied in the order typed: a later field wins, a later undefined clears it as its own write would
    joined.holder.patch = { ...joined.holder.patch, ...patch };
    return joined.written;
  }
  const previous = queues.get(id);
  const holder = { patch };
  const next = (previous ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      // from here on a key queues a write of its own
      if (waiting.get(id)?.holder === holder) waiting.delete(id);
      await storeDraft(db, id, instanceId, tsId, holder.patch);
    });
  if (previous) waiting.set(id, { holder, written: next });
  queues.set(id, next);
  const forget = () => {
    if (queues.get(id) === next) queues.delete(id);
  };
  next.then(forget, forget);
  return next;
}

async function storeDraft(
  db: AppDatabase,
  id: string,
  instanceId: string,
  tsId: string,
  patch: DraftPatch,
): Promise<void> {
  const now = Date.now();
  const doc = await db.drafts.findOne(id).exec();
  if (doc) {
    await doc.incrementalModify((d) => {
      const merged = { ...d, ...patch };
      // a patch that clears a field removes it (RxDB documents hold no undefined values)
      for (const key of Object.keys(patch) as (keyof DraftPatch)[]) if (patch[key] === undefined) delete merged[key];
      return { ...merged, updatedAt: Math.max(now, d.updatedAt + 1) };
    });
  } else {
    const fields = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    await db.drafts.insert({ ...fields, id, instanceId, tsId, updatedAt: now });
  }
}

/** Removes one entry's draft (a station copy the user deleted), after the writes already queued for it. */
export function removeDraft(db: AppDatabase, instanceId: string, tsId: string): Promise<void> {
  const id = draftId(instanceId, tsId);
  dropSeed(db, instanceId);
  // a key after the removal must not join a write queued before it (the removal would take it away)
  waiting.delete(id);
  const next = (queues.get(id) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await (await db.drafts.findOne(id).exec())?.remove();
    });
  queues.set(id, next);
  const forget = () => {
    if (queues.get(id) === next) queues.delete(id);
  };
  next.then(forget, forget);
  return next;
}

/** Every draft of an instance, as stored. */
export async function readDrafts(db: AppDatabase, instanceId: string): Promise<Draft[]> {
  const docs = await db.drafts.find({ selector: { instanceId } }).exec();
  return docs.map((doc) => {
    const { id: _id, instanceId: _instanceId, ...draft } = doc.toMutableJSON();
    return draft;
  });
}
