import { CompletedMeasureRoundSchema } from '../schemas/api';
import type { DecisionDoc } from '../schemas/db/decision-doc';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { RETRY_DELAY_MS } from './submit-queue';

export interface DecisionQueueOptions {
  isOnline: () => boolean;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends queued decisions (POST /completed-measure-round/{instanceId}) the way submissions are sent: state on
 * the document (visible, survives reloads), one retry after 5 s (§4 task runner), offline and 401 keep it
 * queued. The answer is the updated round, stored in the archive at once.
 */
export class DecisionQueue {
  private running = false;
  private again = false;
  private stopped = false;
  private loginWait = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly api: ApiClient,
    private readonly opts: DecisionQueueOptions,
  ) {}

  /** Decisions left 'sending' or 'retrying' by a closed tab are queued again at start. */
  async recover(): Promise<void> {
    const stuck = await this.db.decisions.find({ selector: { syncState: { $in: ['sending', 'retrying'] } } }).exec();
    for (const doc of stuck) await doc.incrementalPatch({ syncState: 'queued' });
  }

  stop(): void {
    this.stopped = true;
  }

  async loginChanged(): Promise<void> {
    this.loginWait = false;
    await this.drain();
  }

  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && !this.loginWait && this.opts.isOnline()) {
          const next = await this.db.decisions.findOne({ selector: { syncState: 'queued' }, sort: [{ updatedAt: 'asc' }] }).exec();
          if (!next) break;
          await this.send(next.toMutableJSON());
        }
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }

  private async patch(id: string, patch: Partial<DecisionDoc>): Promise<void> {
    const doc = await this.db.decisions.findOne(id).exec();
    await doc?.incrementalPatch({ ...patch, updatedAt: Date.now() });
  }

  private async send(decision: DecisionDoc): Promise<void> {
    if (!decision.post) {
      await this.patch(decision.id, { syncState: 'error', lastError: 'nothing to send' });
      return;
    }
    const sleep = this.opts.sleep ?? defaultSleep;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await this.patch(decision.id, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt });
      try {
        const round = await this.api.postJson(`/completed-measure-round/${encodeURIComponent(decision.instanceId)}`, decision.post, CompletedMeasureRoundSchema);
        await this.db.completedRounds.upsert({ ...round, fetchedAt: Date.now() });
        await this.patch(decision.id, { syncState: 'sent', sentAt: Date.now(), lastError: undefined });
        return;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (e instanceof ApiError && e.loginRequired) {
          this.loginWait = true;
          await this.patch(decision.id, { syncState: 'queued', lastError: message });
          return;
        }
        if (e instanceof ApiError && e.reason === 'network' && !this.opts.isOnline()) {
          await this.patch(decision.id, { syncState: 'queued', lastError: message });
          return;
        }
        if (attempt === 2 || (e instanceof ApiError && e.permanent)) {
          await this.patch(decision.id, { syncState: 'error', lastError: message });
          return;
        }
        await this.patch(decision.id, { syncState: 'retrying', lastError: message });
        await sleep(this.opts.retryDelayMs ?? RETRY_DELAY_MS);
      }
    }
  }
}
