import * as v from 'valibot';
import { CompletedMeasureRoundSchema, type CompletedMeasureRound, type DecisionPost } from '../schemas/api';
import type { DecisionDoc } from '../schemas/db/decision-doc';
import type { AppDatabase } from '../src/db/database';
import { currentUser } from '../src/db/data-owner';
import {
  recordDecisionFailure,
  recordDecisionSent,
  recoverDecisions,
  refuseEmptyDecision,
  resumeWaitingDecisions,
  startDecisionTry,
  storeDecidedRound,
  waitForDecider,
} from '../src/db/decision-commands';
import { decisionErrorOf } from '../src/domain/decision-lifecycle';
import { holdsDecision } from '../src/domain/decision-form';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { runWithRetry, SerialDrain, type RetryOptions } from './task-retry';

export type DecisionQueueOptions = RetryOptions;

/** Another queue (a second tab, a second runner) took the decision first, or it left the queue: this one stops. */
class DecisionTaken extends Error {}

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
    await recoverDecisions(this.db);
  }

  stop(): void {
    this.drainer.stopped = true;
  }

  /** After a login, decisions that waited for their decider are queued again (sent if it is them, else wait on). */
  async loginChanged(): Promise<void> {
    this.loginWait = false;
    await resumeWaitingDecisions(this.db);
    await this.drain();
  }

  drain(): Promise<void> {
    return this.drainer.drain();
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

  /**
   * A 409 says the stage is no longer open. When an earlier POST of this decision was recorded and only its answer
   * got lost (a 502 or a cut connection after the server stored it, a tab closed meanwhile), the round holds this
   * very decision: it is sent, not refused (the soak found such decisions left in error, "send again" refused
   * for ever). Any other 409, or a round that cannot be read, stays the failure it was.
   */
  private async alreadyHeld(path: string, post: DecisionPost, error: unknown): Promise<CompletedMeasureRound> {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const round = await this.api
      .getJson(path, CompletedMeasureRoundSchema)
      .then((r) => r.data)
      .catch(() => undefined);
    if (!round || !holdsDecision(round, post)) throw error;
    return round;
  }

  private async send(decision: DecisionDoc): Promise<void> {
    // Shared devices: a decision is sent only with its decider's login (the server records who decided);
    // login-off mode is one user (owner ''), and decisions typed before owners were recorded have none.
    const user = await currentUser(this.db);
    if (decision.owner && decision.owner !== user) {
      await waitForDecider(this.db, decision.id);
      return;
    }
    const post = decision.post;
    if (!post) {
      await refuseEmptyDecision(this.db, decision.id);
      return;
    }
    await this.post(decision, post);
  }

  private async post(decision: DecisionDoc, post: DecisionPost): Promise<void> {
    try {
      await runWithRetry(
        async () => {
          const path = `/completed-measure-round/${encodeURIComponent(decision.instanceId)}`;
          const answer = await this.api
            .postJson(path, post, v.unknown())
            .catch((e: unknown) => this.alreadyHeld(path, post, e));
          const round = await this.decidedRound(path, answer);
          if (round) await storeDecidedRound(this.db, round);
          await recordDecisionSent(this.db, decision.id);
        },
        {
          onTry: async (attempt) => {
            // the move queued → sending is the claim: a queue whose move was refused never posts (no second POST)
            if (!(await startDecisionTry(this.db, decision.id, attempt))) throw new DecisionTaken();
          },
          onFailure: async ({ error, next }) => {
            if (next === 'login-required') this.loginWait = true;
            // a reason code, translated by the screen (§6: a 403 is the missing decider role, which the app cannot
            // always tell beforehand: GET /info's roles are an extension)
            const failure = error instanceof ApiError ? { reason: error.reason, status: error.status } : undefined;
            await recordDecisionFailure(this.db, decision.id, next, decisionErrorOf(failure));
          },
        },
        this.opts,
      );
    } catch (e) {
      if (e instanceof DecisionTaken) return;
      throw e;
    }
  }
}
