/**
 * THE ONE FILE where the soak touches the app's interfaces (issue 21 item 6). Everything else in test/soak
 * talks to a `Tab` and to plain ids. Each method does what the UI does today, citing where; a tab is a database
 * instance of one browser profile (RxDB memory storage, kept by name like IndexedDB) with the replication's
 * SubmitQueue, started as src/app/replication.ts / replication/runner.ts start it (leader only, recover() first).
 *
 * When the lifecycle branch lands (state machine in src/domain, commands in src/db/instance-commands.ts,
 * corrections as new submissions naming the corrected instance), only this file changes:
 * - createInstance, typeValue, addPhoto, queueRound, reopen, retry: call the matching commands;
 * - correct: a correction of a round the server already holds (today: re-sent under the same instanceId, or not
 *   offered at all once the round is sent) goes through the correction command;
 * - claimsSent / syncState / pendingInstances: read the new states; claimsSent(original) must be false while a
 *   correction of it waits, since the checks ask it for the original instance's values;
 * - submitQueue: if SubmitQueue's options or BuildPost change (whileNextBuild wraps the post builder to reach
 *   the window between reading the drafts and marking the round sending, issue 21 item 2).
 * The driver, checks, proxy and browser part need no change.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import type { RxStorageInstance } from 'rxdb';
import type { MeasureRound } from '../../schemas/api';
import type { SyncState } from '../../schemas/db/offline-instance-doc';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { writeDraft } from '../../src/db/draft-store';
import { reopenQueued } from '../../src/features/round-entry/use-indoor-instance';
import { buildIndoorPost } from '../../src/features/round-entry/build-round-post';
import { isQuotaError } from '../../src/app/storage';
import { ApiClient } from '../../replication/api-client';
import { SubmitQueue, type BuildPost } from '../../replication/submit-queue';

export { isQuotaError };

/** The network as one device sees it: the soak switches it off and on around submits. */
export interface DeviceNetwork {
  online: boolean;
}

export interface TypedEntry {
  tsId: string;
  staNumber: string;
  tsParameter: string;
}

const baseStorage = getRxStorageMemory();

/**
 * Called while the queue prepares a round's post, after it read the round's drafts and before it marks the
 * round sending: the window of issue 21 item 2, where the user's "Edit again" lands.
 */
export type WhileBuilding = (instanceId: string) => Promise<void>;

export class Tab {
  private leader = false;
  private closed = false;
  /** writes of a collection that fail with a quota error, to simulate a full disk */
  private quotaFailures = 0;

  private constructor(
    readonly db: AppDatabase,
    readonly queue: SubmitQueue,
    /** a second tab shares the first one's database object (see secondTab) and never closes it */
    private readonly ownsDb: boolean,
    private readonly hooks: { whileBuilding?: WhileBuilding },
  ) {}

  /** Runs `edit` once, inside the next post's preparation (see WhileBuilding). */
  whileNextBuild(edit: WhileBuilding): void {
    this.hooks.whileBuilding = edit;
  }

  /** "Edit again" on a queued round (SubmitBar, UnsentInstances): back to draft if the queue has not started it. */
  async reopen(instanceId: string): Promise<boolean> {
    return reopenQueued(this.db, instanceId);
  }

  /**
   * Opens a tab of the profile `name` against `origin` (the fault proxy). `sleep` replaces the queue's 5 s retry
   * delay so a thousand faults fit in minutes.
   */
  static async open(name: string, origin: string, net: DeviceNetwork, opts: { sleep?: (ms: number) => Promise<void> } = {}): Promise<Tab> {
    const db = await createAppDatabase(baseStorage, name);
    const hooks: { whileBuilding?: WhileBuilding } = {};
    const tab = new Tab(db, Tab.submitQueue(db, origin, net, hooks, opts.sleep), true, hooks);
    tab.wrapWritesForQuota();
    return tab;
  }

  /**
   * A second tab on the same profile, with its own submit queue. In the browser RxDB's leader election lets only
   * one tab's replication run; in one Node process a second RxDatabase of the app's ten collections exceeds
   * RxDB's open-collection limit, so both queues share one database object and both send: the harder case,
   * where only the instanceId (and the instance's state) keeps a round from being stored twice.
   */
  secondTab(origin: string, net: DeviceNetwork, sleep?: (ms: number) => Promise<void>): Tab {
    const hooks: { whileBuilding?: WhileBuilding } = {};
    return new Tab(this.db, Tab.submitQueue(this.db, origin, net, hooks, sleep), false, hooks);
  }

  private static submitQueue(db: AppDatabase, origin: string, net: DeviceNetwork, hooks: { whileBuilding?: WhileBuilding }, sleep?: (ms: number) => Promise<void>): SubmitQueue {
    const fetchFn: typeof fetch = (input, init) => (net.online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch (device offline)')));
    const api = new ApiClient(origin, { clientVersion: 'soak', browser: 'soak', installed: false }, fetchFn);
    const buildPost: BuildPost = async (instance, round, ctx) => {
      const hook = hooks.whileBuilding;
      hooks.whileBuilding = undefined;
      await hook?.(instance.instanceId);
      return buildIndoorPost(instance, round, ctx);
    };
    return new SubmitQueue(db, api, { buildPost, isOnline: () => net.online, sleep: sleep ?? (() => Promise.resolve()) });
  }

  /** As replication/runner.ts: wait for leadership, then recover what a closed tab left sending. */
  async start(): Promise<void> {
    await this.db.waitForLeadership();
    if (this.closed) return;
    this.leader = true;
    await this.queue.recover();
  }

  isLeader(): boolean {
    return this.leader;
  }

  /** As ReplicationHandle.flush: only the leader sends. */
  async flush(): Promise<void> {
    if (this.leader && !this.closed) await this.queue.drain();
  }

  /** The browser is killed: nothing more is written by this tab, in-flight writes fail. */
  kill(): void {
    this.closed = true;
    this.queue.stop();
    if (this.ownsDb) void this.db.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.stop();
    if (this.ownsDb) await this.db.close();
  }

  /** The next `n` writes to the drafts or photos fail as a full disk does (QuotaExceededError). */
  failWrites(n: number): void {
    this.quotaFailures = n;
  }

  private wrapWritesForQuota(): void {
    const wrap = <D,>(instance: RxStorageInstance<D, unknown, unknown>) => {
      const original = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (writes, context) => {
        if (this.quotaFailures > 0) {
          this.quotaFailures -= 1;
          return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
        }
        return original(writes, context);
      };
    };
    wrap(this.db.drafts.storageInstance);
    wrap(this.db.photos.storageInstance);
    wrap(this.db.offlineInstances.storageInstance);
  }

  /** The round as a pull stores it (replication/pull.ts stores the same fields). */
  async storeRound(round: MeasureRound): Promise<void> {
    await this.db.rounds.upsert({ mrId: round.mrId, mrName: round.mrName, ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}), mrVersion: 'soak', entries: round.entries, fetchedAt: Date.now() });
  }

  // ---- the UI's writes (today: src/features/round-entry/use-indoor-instance.ts, PhotoButton.tsx, runner.ts) ----

  /** useIndoorInstance.ensureInstance: the table creates the instance on the first edit. */
  async createInstance(round: MeasureRound, date: string, instanceId: string): Promise<void> {
    const now = Date.now();
    await this.db.offlineInstances.insert({
      instanceId,
      mrId: round.mrId,
      mrName: round.mrName,
      ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}),
      mode: 'indoor',
      date,
      creationTime: new Date(now).toISOString(),
      syncState: 'draft',
      updatedAt: now,
    });
  }

  /** useIndoorInstance.updateDraft (writeOne): the draft first; an edit after a failed send makes it a draft again. */
  async typeValue(instanceId: string, tsId: string, patch: { text?: string; time?: string; remark?: string }): Promise<void> {
    const before = (await this.db.offlineInstances.findOne(instanceId).exec())?.syncState;
    await writeDraft(this.db, instanceId, tsId, patch);
    if (before === 'error') {
      const doc = await this.db.offlineInstances.findOne(instanceId).exec();
      await doc?.incrementalModify((d) => (d.syncState === 'error' ? { ...d, syncState: 'draft', updatedAt: Date.now() } : d));
    }
  }

  /**
   * A correction of a value the user already submitted, the way today's UI allows it: on a round that
   * failed (the table's form, then submit again) or waits queued ("Edit again"), the same instance is edited;
   * a round the table no longer shows (sent) cannot be corrected there. Returns false when the UI offers no way.
   */
  async correct(instanceId: string, tsId: string, patch: { text?: string; remark?: string }): Promise<boolean> {
    const state = await this.syncState(instanceId);
    if (state === 'queued' && !(await reopenQueued(this.db, instanceId))) return false;
    if (state !== 'queued' && state !== 'error' && state !== 'draft') return false;
    await this.typeValue(instanceId, tsId, patch);
    return true;
  }

  /** PhotoButton.onFile after the resize: the photo document, then its JPEG as the attachment. */
  async addPhoto(instanceId: string, photoId: string, mrId: string, entry: TypedEntry, jpeg: Buffer): Promise<void> {
    const doc = await this.db.photos.insert({ id: photoId, instanceId, mrId, tsId: entry.tsId, staNumber: entry.staNumber, tsParameter: entry.tsParameter, dt: new Date().toISOString(), width: 8, height: 6, uploaded: false, createdAt: Date.now() });
    try {
      await doc.putAttachment({ id: 'image', data: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), type: 'image/jpeg' });
    } catch (e) {
      await doc.remove().catch(() => undefined);
      throw e;
    }
  }

  /** useIndoorInstance.queue (SubmitBar after its checks). */
  async queueRound(instanceId: string): Promise<void> {
    const doc = await this.db.offlineInstances.findOne(instanceId).exec();
    await doc?.incrementalPatch({ syncState: 'queued', queuedAt: Date.now(), updatedAt: Date.now(), lastError: undefined });
  }

  /** ReplicationHandle.retry (the error alert's "try again"). */
  async retry(instanceId: string): Promise<void> {
    const doc = await this.db.offlineInstances.findOne(instanceId).exec();
    await doc?.incrementalModify((d) => (d.syncState === 'error' ? { ...d, syncState: 'queued', lastError: undefined, updatedAt: Date.now() } : d));
  }

  // ---- what the device claims ----

  async syncState(instanceId: string): Promise<SyncState | undefined> {
    return (await this.db.offlineInstances.findOne(instanceId).exec())?.syncState;
  }

  /** The device tells the user this round is on the server. */
  async claimsSent(instanceId: string): Promise<boolean> {
    return (await this.syncState(instanceId)) === 'sent';
  }

  /** The rounds the device still shows as not sent (draft, queued, sending, error…), by instance id. */
  async pendingInstances(): Promise<string[]> {
    const docs = await this.db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } } }).exec();
    return docs.map((d) => d.instanceId);
  }
}
