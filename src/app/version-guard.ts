// Every tab follows an update. Two ways a tab's code becomes old while it runs:
// - a new service worker takes over (the user confirmed the update in some tab): every tab reloads;
// - a tab with newer code (a newer database schema) starts: before it migrates the database, every older tab
//   stops writing and closes its database, then reloads — its writes would otherwise land in collections the
//   migration has moved away from.
// Drafts are in RxDB already; a tab stops only after its pending writes have finished.
import * as v from 'valibot';
import { BehaviorSubject } from 'rxjs';
import { compareSchemas, type SchemaVersions } from '../domain/schema-versions';
import { reloadForApp } from './app-reload';

export const VERSION_CHANNEL = 'hydrorounds-version';

const MessageSchema = v.object({
  type: v.picklist(['hello', 'newer', 'closing', 'closed']),
  tab: v.string(),
  schema: v.record(v.string(), v.number()),
  version: v.string(),
});
type Message = v.InferOutput<typeof MessageSchema>;

/** Why this tab's code is old: a new version took over (`update`), or a tab with a newer schema runs (`schema`). */
export type StaleReason = 'update' | 'schema';

interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  close(): void;
}

export interface VersionGuardOptions {
  /** this code's schema versions; given later with `setSchema` when the database's code loads after the guard */
  schema?: SchemaVersions;
  version: string;
  channel?: Channel;
  reload?: () => void;
  /** how long a stop may take before the tab reloads anyway (default 10 s) */
  stopTimeoutMs?: number;
}

export class VersionGuard {
  readonly tab = globalThis.crypto.randomUUID();
  /** set once this tab must not write any more; the app shows a blocking dialog then */
  readonly stale$ = new BehaviorSubject<StaleReason | null>(null);
  private readonly channel: Channel | undefined;
  private stopper: (() => Promise<void>) | undefined;
  private stopping: Promise<void> | undefined;
  private readonly closing = new Set<string>();
  private readonly closed = new Set<string>();
  private changed: (() => void) | undefined;
  private schema: SchemaVersions | undefined;
  /** other tabs' announcements that came before this tab knew its own schema, weighed once it does */
  private unweighed: Message[] = [];

  constructor(private readonly opts: VersionGuardOptions) {
    this.schema = opts.schema;
    this.channel =
      opts.channel ?? (typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(VERSION_CHANNEL));
    this.channel?.addEventListener('message', (e) => {
      const parsed = v.safeParse(MessageSchema, e.data);
      if (parsed.success && parsed.output.tab !== this.tab) this.receive(parsed.output);
    });
  }

  /** This code's schema versions, once its database code has loaded; announcements that came before are weighed now. */
  setSchema(schema: SchemaVersions): void {
    this.schema = schema;
    const waiting = this.unweighed;
    this.unweighed = [];
    for (const m of waiting) this.receive(m);
  }

  private post(type: Message['type']): void {
    // every post comes after the database's code has loaded (it opens the database, whose tabs this is about)
    if (!this.schema) throw new Error('the version guard posts before it knows its schema');
    this.channel?.postMessage({
      type,
      tab: this.tab,
      schema: { ...this.schema },
      version: this.opts.version,
    } satisfies Message);
  }

  private receive(m: Message): void {
    if (m.type === 'closing' || m.type === 'closed') {
      (m.type === 'closing' ? this.closing : this.closed).add(m.tab);
      this.changed?.();
      return;
    }
    if (!this.schema) {
      this.unweighed.push(m);
      return;
    }
    const theirs = compareSchemas(this.schema, m.schema);
    // a newer tab announcing itself: stop, then reload to its code. Told by a newer tab at this tab's own start
    // (`newer`): stop without reloading, since the reload may serve this old code again (the user decides).
    if (theirs === 'newer') void this.stop('schema', m.type === 'hello');
    else if (theirs === 'older' && m.type === 'hello') this.post('newer');
  }

  /** Tells the other tabs this code's schema; called once the database is open. */
  announce(): void {
    this.post('hello');
  }

  /**
   * How this tab stops writing (settle pending writes, stop the replication, close the database). A stop asked
   * before the database was open runs as soon as it is given.
   */
  setStopper(stopper: () => Promise<void>): void {
    this.stopper = stopper;
    const reason = this.stale$.value;
    if (reason) void this.stop(reason, false);
  }

  /** A new service worker took over this tab (controllerchange after an update): stop, then reload. */
  takeover(): void {
    void this.stop('update', true);
  }

  private stop(reason: StaleReason, reload: boolean): Promise<void> {
    if (!this.stale$.value) this.stale$.next(reason);
    if (!this.stopper) {
      // nothing open yet that could write: reloading loses nothing
      if (reload) void this.reload();
      return Promise.resolve();
    }
    this.stopping ??= (async () => {
      this.post('closing');
      // A stop that never finishes (a database close waiting on something that never comes) must not leave the
      // tab behind a dialog whose reload waits for it: every write started seconds ago has long landed.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<'late'>(
        (r) => (timer = setTimeout(() => r('late'), this.opts.stopTimeoutMs ?? 10_000)),
      );
      try {
        const ended = await Promise.race([this.stopper?.(), bound]);
        if (ended === 'late') console.error('stopping the old version in this tab took too long; reloading anyway');
      } catch (e) {
        console.error('stopping the old version in this tab failed', e);
      } finally {
        clearTimeout(timer);
      }
      this.post('closed');
    })();
    if (reload) void this.reload();
    return this.stopping;
  }

  /** Reloads once this tab has stopped writing (a reload in the middle of a write could cut it off). */
  async reload(): Promise<void> {
    await this.stopping;
    if (this.opts.reload) this.opts.reload();
    else reloadForApp();
  }

  /**
   * Before this tab's code migrates the database: tells older tabs and waits until those that answered within
   * `collectMs` have closed their database (at most `maxWaitMs`). Returns how many tabs closed.
   */
  async waitForOlderTabs(collectMs = 300, maxWaitMs = 5000): Promise<number> {
    this.closing.clear();
    this.closed.clear();
    this.post('hello');
    await new Promise((r) => setTimeout(r, collectMs));
    const allClosed = () => [...this.closing].every((t) => this.closed.has(t));
    if (!allClosed()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.changed = () => {
          if (allClosed()) done();
        };
      });
      this.changed = undefined;
    }
    return [...this.closing].filter((t) => this.closed.has(t)).length;
  }
}
