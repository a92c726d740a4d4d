/**
 * THE ONE FILE where the soak touches the app's interfaces. Everything else in test/soak
 * talks to a `Tab` and to plain ids. Each method does what the UI does, citing where; a tab is a database
 * instance of one browser profile (RxDB memory storage, kept by name like IndexedDB) with the replication's
 * SubmitQueue, started as src/app/replication.ts / replication/runner.ts start it (leader only, recover() first).
 *
 * Every write of an instance goes through the lifecycle's commands (src/db/instance-commands.ts), as the
 * screens do: create, write a draft (refused while the round is on its way), queue, "Edit again", retry. A change
 * after the server stored the values becomes a correction by itself (the commands fork it: a new submission
 * naming the corrected one). `sent` is claimed only for the lifecycle's `sent` (the server confirmed the values
 * and every photo); values-stored, correction, waiting-login, waiting-network… are pending.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import type { RxStorageInstance } from 'rxdb';
import type { CompletedMeasureRound, DecisionPost, MeasureRound } from '../../schemas/api';
import type { DecisionState } from '../../src/domain/decision-lifecycle';
import { buildDecisionPost, type DecisionStage } from '../../src/domain/decision-form';
import {
  ownDecision,
  requeueDecision,
  submitDecision,
  typeDecisionInput,
  typeDecisionTeam,
} from '../../src/db/decision-commands';
import { currentUser } from '../../src/db/data-owner';
import { DecisionQueue } from '../../replication/decision-queue';
import type { SyncState } from '../../schemas/db/offline-instance-doc';
import { addLeaderElection, createAppDatabase, type AppDatabase } from '../../src/db/database';
import { createInstance, queueInstance, recordEdit, writeInstanceDraft } from '../../src/db/instance-commands';
import { addTask } from '../../src/db/task-commands';
import { createFacility } from '../../src/db/facility-commands';
import { reopenQueued } from '../../src/features/round-entry/use-indoor-instance';
import { EDITABLE_STATES, IN_FLIGHT_STATES } from '../../src/domain/round-lifecycle';
import { pullServerInfo } from '../../replication/pull';
import { buildIndoorPost } from '../../src/domain/build-round-post';
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
 * round sending: the window item 2, where the user's "Edit again" lands.
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
    /** the tab's decision queue (replication/runner.ts starts it next to the submit queue) */
    readonly decisions: DecisionQueue,
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
  static async open(
    name: string,
    origin: string,
    net: DeviceNetwork,
    opts: { sleep?: (ms: number) => Promise<void> } = {},
  ): Promise<Tab> {
    const db = await createAppDatabase(baseStorage, name);
    const hooks: { whileBuilding?: WhileBuilding } = {};
    const tab = new Tab(
      db,
      Tab.submitQueue(db, origin, net, hooks, opts.sleep),
      Tab.decisionQueue(db, origin, net, opts.sleep),
      true,
      hooks,
    );
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
    return new Tab(
      this.db,
      Tab.submitQueue(this.db, origin, net, hooks, sleep),
      Tab.decisionQueue(this.db, origin, net, sleep),
      false,
      hooks,
    );
  }

  private static fetchOf(net: DeviceNetwork): typeof fetch {
    return (input, init) =>
      net.online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch (device offline)'));
  }

  private static decisionQueue(
    db: AppDatabase,
    origin: string,
    net: DeviceNetwork,
    sleep?: (ms: number) => Promise<void>,
  ): DecisionQueue {
    const api = new ApiClient(origin, { clientVersion: 'soak', browser: 'soak', installed: false }, Tab.fetchOf(net));
    return new DecisionQueue(db, api, { isOnline: () => net.online, sleep: sleep ?? (() => Promise.resolve()) });
  }

  private static submitQueue(
    db: AppDatabase,
    origin: string,
    net: DeviceNetwork,
    hooks: { whileBuilding?: WhileBuilding },
    sleep?: (ms: number) => Promise<void>,
  ): SubmitQueue {
    const api = new ApiClient(origin, { clientVersion: 'soak', browser: 'soak', installed: false }, Tab.fetchOf(net));
    const buildPost: BuildPost = async (instance, round, ctx) => {
      const hook = hooks.whileBuilding;
      hooks.whileBuilding = undefined;
      await hook?.(instance.instanceId);
      return buildIndoorPost(instance, round, ctx);
    };
    return new SubmitQueue(db, api, {
      buildPost,
      isOnline: () => net.online,
      sleep: sleep ?? (() => Promise.resolve()),
    });
  }

  /** As replication/runner.ts: wait for leadership, then recover what a closed tab left sending. */
  async start(): Promise<void> {
    await addLeaderElection();
    await this.db.waitForLeadership();
    if (this.closed) return;
    this.leader = true;
    await this.queue.recover();
    await this.decisions.recover();
  }

  isLeader(): boolean {
    return this.leader;
  }

  /** As ReplicationHandle.flush: only the leader sends. */
  async flush(): Promise<void> {
    if (!this.leader || this.closed) return;
    await this.queue.drain();
    if (!this.closed) await this.decisions.drain();
  }

  /** The browser is killed: nothing more is written by this tab, in-flight writes fail. */
  kill(): void {
    this.closed = true;
    this.queue.stop();
    this.decisions.stop();
    if (this.ownsDb) void this.db.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.stop();
    this.decisions.stop();
    if (this.ownsDb) await this.db.close();
  }

  /** The next `n` writes to the drafts or photos fail as a full disk does (QuotaExceededError). */
  failWrites(n: number): void {
    this.quotaFailures = n;
  }

  private wrapWritesForQuota(): void {
    const wrap = <D>(instance: RxStorageInstance<D, unknown, unknown>) => {
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

  /**
   * What the first pull stores before anything is typed: /info (the user new instances belong to, and the
   * server's extensions: 'corrections' makes a correction name what it corrects) through the pull's own code,
   * straight to the server (no fault is armed yet), and the round with the same fields replication/pull.ts stores.
   */
  async storeRound(round: MeasureRound, directOrigin: string): Promise<void> {
    await pullServerInfo(
      this.db,
      new ApiClient(directOrigin, { clientVersion: 'soak', browser: 'soak', installed: false }),
    );
    await this.db.rounds.upsert({
      mrId: round.mrId,
      mrName: round.mrName,
      ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}),
      mrVersion: 'soak',
      entries: round.entries,
      fetchedAt: Date.now(),
    });
  }

  // ---- the UI's writes (src/features/round-entry/use-indoor-instance.ts, PhotoButton.tsx, SubmitBar.tsx, runner.ts) ----

  /** useIndoorInstance.ensureInstance: the table creates the instance on the first edit (createInstance). */
  async createInstance(round: MeasureRound, date: string, instanceId: string): Promise<void> {
    await createInstance(this.db, {
      instanceId,
      mrId: round.mrId,
      mrName: round.mrName,
      ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}),
      mode: 'indoor',
      date,
    });
  }

  /**
   * useIndoorInstance.updateDraft (writeOne → writeInstanceDraft): refused while the round is on its way; an edit
   * after a failed send goes back to editing, a correction once the server holds the values.
   */
  async typeValue(
    instanceId: string,
    tsId: string,
    patch: { text?: string; time?: string; remark?: string },
  ): Promise<void> {
    await writeInstanceDraft(this.db, instanceId, tsId, patch);
  }

  /**
   * A correction of a value the user already submitted, the way the UI offers it: a round being edited or in
   * error takes it in the table's form; a round on its way is reopened first ("Edit again", SubmitBar: offered
   * for every in-flight state, also once the values are stored). The commands turn the edit into a correction
   * when the server holds the values. A sent round is no longer in the table (it shows open rounds only) and the
   * archive offers no edit: returns false, the UI offers no way.
   */
  async correct(instanceId: string, tsId: string, patch: { text?: string; remark?: string }): Promise<boolean> {
    const state = await this.syncState(instanceId);
    if (state === undefined) return false;
    if (IN_FLIGHT_STATES.includes(state)) {
      if (!(await reopenQueued(this.db, instanceId))) return false;
    } else if (!EDITABLE_STATES.includes(state)) return false;
    await this.typeValue(instanceId, tsId, patch);
    return true;
  }

  /** PhotoButton.onFile after the resize: recordEdit (refused on a round on its way), the photo document, its JPEG. */
  async addPhoto(instanceId: string, photoId: string, mrId: string, entry: TypedEntry, jpeg: Buffer): Promise<void> {
    await recordEdit(this.db, instanceId);
    const doc = await this.db.photos.insert({
      id: photoId,
      instanceId,
      mrId,
      tsId: entry.tsId,
      staNumber: entry.staNumber,
      tsParameter: entry.tsParameter,
      dt: new Date().toISOString(),
      width: 8,
      height: 6,
      uploaded: false,
      createdAt: Date.now(),
    });
    try {
      await doc.putAttachment({
        id: 'image',
        data: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
        type: 'image/jpeg',
      });
    } catch (e) {
      await doc.remove().catch(() => undefined);
      throw e;
    }
  }

  /** StationTasks' "Add" (useStationTasks.add): a new open task of a station, an edit of the round. Its id. */
  async addTask(instanceId: string, mrId: string, staNumber: string, text: string): Promise<string> {
    return addTask(this.db, instanceId, { mrId, staNumber, taskType: 'Wartung', text });
  }

  /**
   * StationFacilities' "new facility" (useStationFacilities.create): a new data logger of the demo's model at a
   * station, an edit of the round. Its id.
   */
  async createFacility(instanceId: string, mrId: string, staNumber: string, name: string): Promise<string> {
    return createFacility(this.db, instanceId, { mrId, staNumber, model: 'OTT netDL 500', name, attributes: {} });
  }

  /**
   * §5 station copy (StationTable's "duplicate", then typing into the copy): the copy's entry `tsId#1` with its
   * own time and value, through writeInstanceDraft (an edit of the round). Reopens a round on its way first, as
   * correct() does; false when the UI offers no way.
   */
  async copyStation(instanceId: string, tsId: string, time: string, text: string): Promise<boolean> {
    const state = await this.syncState(instanceId);
    if (state === undefined) return false;
    if (IN_FLIGHT_STATES.includes(state)) {
      if (!(await reopenQueued(this.db, instanceId))) return false;
    } else if (!EDITABLE_STATES.includes(state)) return false;
    await writeInstanceDraft(this.db, instanceId, `${tsId}#1`, { copyOf: tsId, time, text });
    return true;
  }

  /** useIndoorInstance.queue (SubmitBar after its checks): the lifecycle's submit. */
  async queueRound(instanceId: string): Promise<void> {
    await queueInstance(this.db, instanceId);
  }

  /** ReplicationHandle.retry (the error alert's "try again", runner.ts): a submit again. */
  async retry(instanceId: string): Promise<void> {
    await queueInstance(this.db, instanceId);
  }

  // ---- decisions (src/features/decisions/DecisionForm.tsx, the archive's decision card) ----

  /**
   * DecisionForm: the decider types the team and, per due entry, a decision and sometimes a remark (each through
   * the decision commands, as the inputs do), then "Record assessment" builds the post from what is stored
   * (buildDecisionPost) and hands it to the queue (submitDecision). `round` is the round as the archive's pull
   * stores it. The post handed to the queue, or undefined when the form refuses or the lifecycle does.
   */
  async decide(
    round: CompletedMeasureRound,
    stage: DecisionStage,
    team: string,
    choices: readonly { tsId: string; value: string; remark?: string }[],
  ): Promise<DecisionPost | undefined> {
    const base = { instanceId: round.instanceId, stage, mrName: round.mrName };
    await typeDecisionTeam(this.db, base, team);
    for (const c of choices) {
      await typeDecisionInput(this.db, base, c.tsId, 'value', c.value);
      if (c.remark) await typeDecisionInput(this.db, base, c.tsId, 'remark', c.remark);
    }
    const stored = await this.ownDecision(round.instanceId, stage);
    const result = buildDecisionPost(round.entries, stage, stored?.team, stored?.inputs ?? []);
    if ('problems' in result) return undefined;
    return (await submitDecision(this.db, base, result.post)) ? result.post : undefined;
  }

  private async ownDecision(instanceId: string, stage: DecisionStage) {
    const docs = await this.db.decisions.find({ selector: { instanceId, stage } }).exec();
    return ownDecision(docs, await currentUser(this.db));
  }

  /** The state the decision card shows for the user's decision of a stage. */
  async decisionState(instanceId: string, stage: DecisionStage): Promise<DecisionState | undefined> {
    return (await this.ownDecision(instanceId, stage))?.syncState;
  }

  /** The decision card's "Send again" on a refused or failed decision; false when it offers none. */
  async sendDecisionAgain(instanceId: string, stage: DecisionStage): Promise<boolean> {
    const own = await this.ownDecision(instanceId, stage);
    return own?.syncState === 'error' ? requeueDecision(this.db, own.id) : false;
  }

  // ---- what the device claims ----

  async syncState(instanceId: string): Promise<SyncState | undefined> {
    return (await this.db.offlineInstances.findOne(instanceId).exec())?.syncState;
  }

  /**
   * The device tells the user this round is on the server: only the lifecycle's `sent` (values and every photo
   * confirmed). The instance keeps its id while a correction of it waits (then it is `correction`/`queued`…),
   * so a waiting correction never counts as sent for the original's values.
   */
  async claimsSent(instanceId: string): Promise<boolean> {
    return (await this.syncState(instanceId)) === 'sent';
  }

  /** The rounds the device still shows as not sent (every lifecycle state but `sent`), by instance id. */
  async pendingInstances(): Promise<string[]> {
    const docs = await this.db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } } }).exec();
    return docs.map((d) => d.instanceId);
  }
}
