import { MeasureRoundPostResultSchema, type MeasureRoundPost } from '../schemas/api';
import type { OfflineInstanceDoc } from '../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';

/** §4/§9: a failing task is retried once after 5 s; a second failure ends in error. */
export const RETRY_DELAY_MS = 5_000;
/** §9 default time of a reading when the config has none. */
const DEFAULT_TIME = '12:00';

export interface BuildContext {
  /** the config's default time (HH:mm) for values typed without a time */
  defaultTime: string;
}
export type BuildPost = (instance: OfflineInstanceDoc, round: RoundDoc, ctx: BuildContext) => { post: MeasureRoundPost } | { errors: string[] };

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
            .findOne({ selector: { syncState: 'queued' }, sort: [{ updatedAt: 'asc' }] })
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
    const round = await this.db.rounds.findOne(instance.mrId).exec();
    if (!round) {
      await this.patch(instance.instanceId, { syncState: 'error', lastError: `Cannot find group with name ${instance.mrName}` });
      return;
    }
    const config = await this.db.reference.findOne('config').exec();
    const defaultTime = (config?.data as { defaultTime?: string } | undefined)?.defaultTime ?? DEFAULT_TIME;
    const built = this.opts.buildPost(instance, round.toMutableJSON(), { defaultTime });
    if ('errors' in built) {
      await this.patch(instance.instanceId, { syncState: 'error', lastError: built.errors.join('\n') });
      return;
    }
    const sleep = this.opts.sleep ?? defaultSleep;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await this.patch(instance.instanceId, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt });
      try {
        const result = await this.api.postJson(`/measure-round/${encodeURIComponent(instance.mrId)}`, built.post, MeasureRoundPostResultSchema);
        await this.patch(instance.instanceId, { syncState: 'sent', valueCount: result.valueCount, sentAt: Date.now(), lastError: undefined });
        return;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (e instanceof ApiError && e.reason === 'network' && !this.opts.isOnline()) {
          // The device went offline mid-send: keep it queued instead of spending the retry.
          await this.patch(instance.instanceId, { syncState: 'queued', lastError: message });
          return;
        }
        if (attempt === 2 || (e instanceof ApiError && e.permanent)) {
          await this.patch(instance.instanceId, { syncState: 'error', lastError: message });
          return;
        }
        await this.patch(instance.instanceId, { syncState: 'retrying', lastError: message });
        await sleep(this.opts.retryDelayMs ?? RETRY_DELAY_MS);
      }
    }
  }
}
