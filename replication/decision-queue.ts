import { CompletedMeasureRoundSchema } from '../schemas/api';
import type { DecisionDoc } from '../schemas/db/decision-doc';
import type { AppDatabase } from '../src/db/database';
import type { ApiClient } from './api-client';
import { runWithRetry, SerialDrain, type RetryOptions } from './task-retry';

export type DecisionQueueOptions = RetryOptions;

/**
 * Sends queued decisions (POST /completed-measure-round/{instanceId}) the way submissions are sent: state on
 * the document (visible, survives reloads), one retry after 5 s (§4 task runner), offline and 401 keep it
 * queued. The answer is the updated round, stored in the archive at once.
 */
export class DecisionQueue {
  private readonly drainer: SerialDrain;
  private loginWait = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly api: ApiClient,
    private readonly opts: DecisionQueueOptions,
  ) {
    this.drainer = new SerialDrain(
      () => !this.loginWait && opts.isOnline(),
      async () => {
        const next = await this.db.decisions.findOne({ selector: { syncState: 'queued' }, sort: [{ updatedAt: 'asc' }] }).exec();
        if (!next) return false;
        await this.send(next.toMutableJSON());
        return true;
      },
    );
  }

  /** Decisions left 'sending' or 'retrying' by a closed tab are queued again at start. */
  async recover(): Promise<void> {
    const stuck = await this.db.decisions.find({ selector: { syncState: { $in: ['sending', 'retrying'] } } }).exec();
    for (const doc of stuck) await doc.incrementalPatch({ syncState: 'queued' });
  }

  stop(): void {
    this.drainer.stopped = true;
  }

  async loginChanged(): Promise<void> {
    this.loginWait = false;
    await this.drain();
  }

  drain(): Promise<void> {
    return this.drainer.drain();
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
    await runWithRetry(
      async () => {
        const round = await this.api.postJson(`/completed-measure-round/${encodeURIComponent(decision.instanceId)}`, decision.post, CompletedMeasureRoundSchema);
        await this.db.completedRounds.upsert({ ...round, fetchedAt: Date.now() });
        await this.patch(decision.id, { syncState: 'sent', sentAt: Date.now(), lastError: undefined });
      },
      {
        onTry: (attempt) => this.patch(decision.id, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt }),
        onFailure: async ({ message, next }) => {
          if (next === 'login-required') this.loginWait = true;
          const syncState = next === 'failed' ? 'error' : next === 'retry' ? 'retrying' : 'queued';
          await this.patch(decision.id, { syncState, lastError: message });
        },
      },
      this.opts,
    );
  }
}
