import * as v from 'valibot';
import { CompletedMeasureRoundSchema, type CompletedMeasureRound } from '../schemas/api';
import type { DecisionDoc } from '../schemas/db/decision-doc';
import type { AppDatabase } from '../src/db/database';
import { currentUser } from '../src/db/data-owner';
import { DECISION_FORBIDDEN } from '../src/domain/decision-refusals';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { runWithRetry, SerialDrain, type RetryOptions } from './task-retry';

export type DecisionQueueOptions = RetryOptions;

/**
 * Sends queued decisions (POST /completed-measure-round/{instanceId}) the way submissions are sent: state on
 * the document (visible, survives reloads), one retry after 5 s (§4 task runner), offline and 401 keep it
 * queued. Any 2xx means recorded: the reference server answers with the updated round (stored in the archive at
 * once); a spec-only server's answer may be empty, then the round is read again (§7 shows no POST answers).
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
        const next = await this.db.decisions
          .findOne({ selector: { syncState: 'queued' }, sort: [{ updatedAt: 'asc' }] })
          .exec();
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

  /** After a login, decisions that waited for their decider are queued again (sent if it is them, else wait on). */
  async loginChanged(): Promise<void> {
    this.loginWait = false;
    const waiting = await this.db.decisions.find({ selector: { syncState: 'waiting-login' } }).exec();
    for (const doc of waiting) await doc.incrementalPatch({ syncState: 'queued' });
    await this.drain();
  }

  drain(): Promise<void> {
    return this.drainer.drain();
  }

  private async patch(id: string, patch: Partial<DecisionDoc>): Promise<void> {
    const doc = await this.db.decisions.findOne(id).exec();
    await doc?.incrementalPatch({ ...patch, updatedAt: Date.now() });
  }

  /** The round after the decision: from the answer when it carries it, else read again (undefined if that fails: the next pull brings it). */
  private async decidedRound(path: string, answer: unknown): Promise<CompletedMeasureRound | undefined> {
    const parsed = v.safeParse(CompletedMeasureRoundSchema, answer);
    if (parsed.success) return parsed.output;
    try {
      return (await this.api.getJson(path, CompletedMeasureRoundSchema)).data;
    } catch (e) {
      console.warn('reading the decided round failed; the next pull brings it', e);
      return undefined;
    }
  }

  private async send(decision: DecisionDoc): Promise<void> {
    // Shared devices: a decision is sent only with its decider's login (the server records who decided);
    // login-off mode is one user (owner ''), and decisions typed before owners were recorded have none.
    const user = await currentUser(this.db);
    if (decision.owner && decision.owner !== user) {
      await this.patch(decision.id, { syncState: 'waiting-login' });
      return;
    }
    if (!decision.post) {
      await this.patch(decision.id, { syncState: 'error', lastError: 'nothing to send' });
      return;
    }
    await runWithRetry(
      async () => {
        const path = `/completed-measure-round/${encodeURIComponent(decision.instanceId)}`;
        const answer = await this.api.postJson(path, decision.post, v.unknown());
        const round = await this.decidedRound(path, answer);
        if (round) await this.db.completedRounds.upsert({ ...round, fetchedAt: Date.now() });
        await this.patch(decision.id, { syncState: 'sent', sentAt: Date.now(), lastError: undefined });
      },
      {
        onTry: (attempt) =>
          this.patch(decision.id, { syncState: attempt === 1 ? 'sending' : 'retrying', attempts: attempt }),
        onFailure: async ({ error, message, next }) => {
          if (next === 'login-required') this.loginWait = true;
          const syncState = next === 'failed' ? 'error' : next === 'retry' ? 'retrying' : 'queued';
          // §6: only the stage's decider may decide; the app cannot always tell beforehand (GET /info's roles are an extension)
          const forbidden = error instanceof ApiError && error.status === 403;
          await this.patch(decision.id, { syncState, lastError: forbidden ? DECISION_FORBIDDEN : message });
        },
      },
      this.opts,
    );
  }
}
