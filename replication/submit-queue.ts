import { MeasureRoundPostResultSchema, type MeasureRoundPost } from '../schemas/api';
import type { Attempt, OfflineInstanceDoc } from '../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { RETRY_DELAY_MS, runWithRetry, SerialDrain, type RetryOptions } from './task-retry';
import { postingOrder, type PostingStep } from './posting-order';
import { loadInstanceRound } from './instance-round';
import { loadBuildContext, type BuildContext } from './build-context';
import { readingZone } from '../src/domain/zoned-time';

export type { BuildContext };

export { RETRY_DELAY_MS };
/** How many tries of an instance's submission steps are kept for support. */
export const ATTEMPT_LOG_SIZE = 20;
/** The lastError of an instance that waits for a login (§8: login required to transfer). */
export const LOGIN_REQUIRED = 'login-required';
/** §9 default time of a reading when the config has none. */
const DEFAULT_TIME = '12:00';

type Built = { post: MeasureRoundPost } | { errors: string[] };
/** May load its builder on first use (the app keeps the builders out of the first screen's JavaScript). */
export type BuildPost = (instance: OfflineInstanceDoc, round: RoundDoc, ctx: BuildContext) => Built | Promise<Built>;

export interface SubmitQueueOptions extends RetryOptions {
  buildPost: BuildPost;
}

/**
 * Sends queued instances one after the other. State lives on the instance document, so a reload or a
 * killed browser resumes where it stopped; the instanceId makes a re-send harmless on the server.
 */
export class SubmitQueue {
  private readonly drainer: SerialDrain;
  /** instances that got a 401: they wait for a login instead of being sent again and again */
  private readonly waitingForLogin = new Set<string>();

  constructor(
    private readonly db: AppDatabase,
    private readonly api: ApiClient,
    private readonly opts: SubmitQueueOptions,
  ) {
    this.drainer = new SerialDrain(opts.isOnline, async () => {
      const next = await this.db.offlineInstances
        .findOne({ selector: { syncState: 'queued', instanceId: { $nin: [...this.waitingForLogin] } }, sort: [{ updatedAt: 'asc' }] })
        .exec();
      if (!next) return false;
      await this.send(next.toMutableJSON());
      return true;
    });
  }

  /** Instances left 'sending' or 'retrying' by a closed tab are queued again at start. */
  async recover(): Promise<void> {
    const stuck = await this.db.offlineInstances.find({ selector: { syncState: { $in: ['sending', 'retrying'] } } }).exec();
    for (const doc of stuck) await doc.incrementalPatch({ syncState: 'queued' });
  }

  stop(): void {
    this.drainer.stopped = true;
  }

  /** After a login, the instances that waited for one are sent. */
  async loginChanged(): Promise<void> {
    this.waitingForLogin.clear();
    await this.drain();
  }

  /** Runs until no queued instance is left; concurrent calls coalesce into one more pass. */
  drain(): Promise<void> {
    return this.drainer.drain();
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
    const configData = (config?.data ?? {}) as { defaultTime?: string; serverType?: string; tsFormulaGenerator?: boolean; mez?: boolean };
    // The device's own default time (/config) wins, as on the table the user typed into.
    const local = (await this.db.reference.findOne('localConfig').exec())?.data as { defaultTime?: unknown } | undefined;
    const defaultTime = typeof local?.defaultTime === 'string' ? local.defaultTime : (configData.defaultTime ?? DEFAULT_TIME);
    const ctx = await loadBuildContext(this.db, instance.instanceId, { defaultTime, formulaGenerator: configData.tsFormulaGenerator === true, zone: readingZone(configData.mez === true) });
    let built: Built;
    try {
      built = await this.opts.buildPost(instance, round, ctx);
    } catch (e) {
      // The builder's code could not load (it loads on first send): say so on the instance instead of leaving it
      // queued without a word and stopping the queue for every other round; the drafts stay, a new submit retries.
      await this.patch(instance.instanceId, { syncState: 'error', lastError: `The submission could not be prepared: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
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
    const outcome = await runWithRetry(
      task,
      {
        onSuccess: (attempt) => this.log(instanceId, { at: Date.now(), step, attempt, ok: true }),
        onTry: (attempt) => this.patch(instanceId, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt }),
        onFailure: async ({ attempt, error, message, next }) => {
          await this.log(instanceId, { at: Date.now(), step, attempt, ok: false, ...(error instanceof ApiError && error.status !== undefined ? { status: error.status } : {}), error: message.slice(0, 1000) });
          if (next === 'login-required') {
            // Not logged in (or the session expired): keep it queued until the user logs in.
            this.waitingForLogin.add(instanceId);
            await this.patch(instanceId, { syncState: 'queued', lastError: LOGIN_REQUIRED });
          } else if (next === 'offline') await this.patch(instanceId, { syncState: 'queued', lastError: message });
          else await this.patch(instanceId, { syncState: next === 'failed' ? 'error' : 'retrying', lastError: message });
        },
      },
      this.opts,
    );
    return outcome === 'done';
  }
}
