import { MeasureRoundPostResultSchema, type MeasureRoundPost } from '../schemas/api';
import type { Attempt, OfflineInstanceDoc } from '../schemas/db/offline-instance-doc';
import type { Draft } from '../schemas/db/draft-doc';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { TaskDoc } from '../schemas/db/task-doc';
import type { FacilityDoc } from '../schemas/db/facility-doc';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { postingOrder, type PostingStep } from './posting-order';
import { loadInstanceRound } from './instance-round';

/** §4/§9: a failing task is retried once after 5 s; a second failure ends in error. */
export const RETRY_DELAY_MS = 5_000;
/** How many tries of an instance's submission steps are kept for support. */
export const ATTEMPT_LOG_SIZE = 20;
/** The lastError of an instance that waits for a login (§8: login required to transfer). */
export const LOGIN_REQUIRED = 'login-required';
/** §9 default time of a reading when the config has none. */
const DEFAULT_TIME = '12:00';

export interface BuildContext {
  /** the config's default time (HH:mm) for values typed without a time */
  defaultTime: string;
  /** image ids of the instance's photos per timeseries, for the remarks of the post */
  photoIdsByTsId: ReadonlyMap<string, string[]>;
  /** station tasks changed in this instance */
  tasks: readonly TaskDoc[];
  /** station facilities changed in this instance */
  facilities: readonly FacilityDoc[];
  /** what was typed per timeseries, as stored */
  drafts: readonly Draft[];
  /** config tsFormulaGenerator: formula entries carry their calculated value (§4) */
  formulaGenerator?: boolean;
}
type Built = { post: MeasureRoundPost } | { errors: string[] };
/** May load its builder on first use (the app keeps the builders out of the first screen's JavaScript). */
export type BuildPost = (instance: OfflineInstanceDoc, round: RoundDoc, ctx: BuildContext) => Built | Promise<Built>;

export interface SubmitQueueOptions {
  buildPost: BuildPost;
  isOnline: () => boolean;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends queued instances one after the other. State lives on the instance document, so a reload or a
 * killed browser resumes where it stopped; the instanceId makes a re-send harmless on the server.
 */
export class SubmitQueue {
  private running = false;
  private again = false;
  private stopped = false;
  /** instances that got a 401: they wait for a login instead of being sent again and again */
  private readonly waitingForLogin = new Set<string>();

  constructor(
    private readonly db: AppDatabase,
    private readonly api: ApiClient,
    private readonly opts: SubmitQueueOptions,
  ) {}

  /** Instances left 'sending' or 'retrying' by a closed tab are queued again at start. */
  async recover(): Promise<void> {
    const stuck = await this.db.offlineInstances.find({ selector: { syncState: { $in: ['sending', 'retrying'] } } }).exec();
    for (const doc of stuck) await doc.incrementalPatch({ syncState: 'queued' });
  }

  stop(): void {
    this.stopped = true;
  }

  /** After a login, the instances that waited for one are sent. */
  async loginChanged(): Promise<void> {
    this.waitingForLogin.clear();
    await this.drain();
  }

  /** Runs until no queued instance is left; concurrent calls coalesce into one more pass. */
  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.opts.isOnline()) {
          const next = await this.db.offlineInstances
            .findOne({ selector: { syncState: 'queued', instanceId: { $nin: [...this.waitingForLogin] } }, sort: [{ updatedAt: 'asc' }] })
            .exec();
          if (!next) break;
          await this.send(next.toMutableJSON());
        }
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }

  private async patch(instanceId: string, patch: Partial<OfflineInstanceDoc>): Promise<void> {
    const doc = await this.db.offlineInstances.findOne(instanceId).exec();
    await doc?.incrementalPatch({ ...patch, updatedAt: Date.now() });
  }

  private async send(instance: OfflineInstanceDoc): Promise<void> {
    const round = await loadInstanceRound(this.db, instance);
    if (!round) {
      await this.patch(instance.instanceId, { syncState: 'error', lastError: `Cannot find group with name ${instance.mrName}` });
      return;
    }
    const config = await this.db.reference.findOne('config').exec();
    const configData = (config?.data ?? {}) as { defaultTime?: string; serverType?: string; tsFormulaGenerator?: boolean };
    // The device's own default time (/config) wins, as on the table the user typed into.
    const local = (await this.db.reference.findOne('localConfig').exec())?.data as { defaultTime?: unknown } | undefined;
    const defaultTime = typeof local?.defaultTime === 'string' ? local.defaultTime : (configData.defaultTime ?? DEFAULT_TIME);
    const photos = await this.db.photos.find({ selector: { instanceId: instance.instanceId } }).exec();
    const photoIdsByTsId = new Map<string, string[]>();
    for (const p of photos) photoIdsByTsId.set(p.tsId, [...(photoIdsByTsId.get(p.tsId) ?? []), p.id]);
    const tasks = (await this.db.tasks.find({ selector: { instanceId: instance.instanceId } }).exec()).map((t) => t.toMutableJSON());
    const facilities = (await this.db.facilities.find({ selector: { instanceId: instance.instanceId } }).exec()).map((f) => f.toMutableJSON());
    const drafts = (await this.db.drafts.find({ selector: { instanceId: instance.instanceId } }).exec()).map((d) => d.toMutableJSON());
    const built = await this.opts.buildPost(instance, round, { defaultTime, photoIdsByTsId, tasks, facilities, drafts, formulaGenerator: configData.tsFormulaGenerator === true });
    if ('errors' in built) {
      await this.patch(instance.instanceId, { syncState: 'error', lastError: built.errors.join('\n') });
      return;
    }
    let valueCount = 0;
    const steps: Record<PostingStep, () => Promise<void>> = {
      values: async () => {
        const result = await this.api.postJson(`/measure-round/${encodeURIComponent(instance.mrId)}`, built.post, MeasureRoundPostResultSchema);
        valueCount = result.valueCount;
      },
      images: () => this.uploadImages(instance),
    };
    // §7: the order of values and images depends on the server type; each step is a task retried once.
    for (const step of postingOrder(configData.serverType)) {
      const ok = await this.runWithRetry(instance.instanceId, step, steps[step]);
      if (!ok) return;
    }
    await this.patch(instance.instanceId, { syncState: 'sent', valueCount, sentAt: Date.now(), lastError: undefined });
  }

  /** Uploads the photos not yet on the server, each under its own image id. */
  private async uploadImages(instance: OfflineInstanceDoc): Promise<void> {
    const pending = await this.db.photos.find({ selector: { instanceId: instance.instanceId, uploaded: false } }).exec();
    for (const photo of pending) {
      const attachment = photo.getAttachment('image');
      if (!attachment) throw new Error(`photo ${photo.id} has no image data`);
      const blob = await attachment.getData();
      const query = new URLSearchParams({ dt: photo.dt, staNumber: photo.staNumber, tsParameter: photo.tsParameter, tsId: photo.tsId });
      await this.api.postBinary(`/measure-round/${encodeURIComponent(instance.mrId)}/image/${encodeURIComponent(photo.id)}?${query.toString()}`, blob);
      await photo.incrementalPatch({ uploaded: true });
    }
  }

  /** Appends a try to the instance's log, so support can see every attempt with its status and error. */
  private async log(instanceId: string, entry: Attempt): Promise<void> {
    const doc = await this.db.offlineInstances.findOne(instanceId).exec();
    await doc?.incrementalModify((d) => ({ ...d, attemptLog: [...(d.attemptLog ?? []), entry].slice(-ATTEMPT_LOG_SIZE) }));
  }

  /** §4 task runner: one retry after 5 s; the second failure ends in error and aborts the rest. */
  private async runWithRetry(instanceId: string, step: PostingStep, task: () => Promise<void>): Promise<boolean> {
    const sleep = this.opts.sleep ?? defaultSleep;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await this.patch(instanceId, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt });
      try {
        await task();
        await this.log(instanceId, { at: Date.now(), step, attempt, ok: true });
        return true;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        await this.log(instanceId, { at: Date.now(), step, attempt, ok: false, ...(e instanceof ApiError && e.status !== undefined ? { status: e.status } : {}), error: message.slice(0, 1000) });
        if (e instanceof ApiError && e.loginRequired) {
          // Not logged in (or the session expired): keep it queued until the user logs in.
          this.waitingForLogin.add(instanceId);
          await this.patch(instanceId, { syncState: 'queued', lastError: LOGIN_REQUIRED });
          return false;
        }
        if (e instanceof ApiError && e.reason === 'network' && !this.opts.isOnline()) {
          // The device went offline mid-send: keep it queued instead of spending the retry.
          await this.patch(instanceId, { syncState: 'queued', lastError: message });
          return false;
        }
        if (attempt === 2 || (e instanceof ApiError && e.permanent)) {
          await this.patch(instanceId, { syncState: 'error', lastError: message });
          return false;
        }
        await this.patch(instanceId, { syncState: 'retrying', lastError: message });
        await sleep(this.opts.retryDelayMs ?? RETRY_DELAY_MS);
      }
    }
    return false;
  }
}
