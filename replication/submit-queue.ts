import { countPostValues } from '../src/domain/submission';
import * as v from 'valibot';
import { MeasureRoundPostAnswerSchema, type MeasureRoundPost } from '../schemas/api';
import { effectiveConfig } from '../src/domain/device-settings';
import type { Attempt, OfflineInstanceDoc, SubmitError } from '../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { AppDatabase } from '../src/db/database';
import { SENDABLE_STATES } from '../src/domain/round-lifecycle';
import { lifecycleContext, reopenInstance, submissionIdOf } from '../src/db/instance-commands';
import {
  appendAttemptLog,
  failBeforeSend,
  finishSend,
  recordAttempt,
  recordPhotoStored,
  recordValuesStored,
  resumeInstance,
  startSend,
  stopSend,
  waitForLogin,
} from '../src/db/send-commands';
import { currentUser } from '../src/db/data-owner';
import type { ApiClient } from './api-client';
import { ApiError } from './api-errors';
import { serverRefusal } from './server-refusal';
import { runWithRetry, SerialDrain, type RetryOptions } from './task-retry';
import { postingOrder, type PostingStep } from './posting-order';
import { loadInstanceRound } from '../src/db/instance-round';
import { IMAGE_ATTACHMENT } from '../src/db/photo-commands';
import { loadBuildContext, partsChangedSince } from '../src/db/build-context';
import type { BuildContext } from '../src/domain/post-context';
import { readingZone } from '../src/domain/zoned-time';
import { validatePost } from '../src/domain/pre-submit';
import { describeSubmissionError, submissionErrorParams, type SubmissionError } from '../src/domain/submission';

/** How many tries of an instance's submission steps are kept for support. */
export const ATTEMPT_LOG_SIZE = 20;
/** The reason code of an instance that waits for a login (§8: login required to transfer). */
export const LOGIN_REQUIRED = 'login-required';
/** GET /info extension: the server links a correction to the submission it corrects. */
export const CORRECTIONS_EXTENSION = 'corrections';

type Built = { post: MeasureRoundPost } | { errors: SubmissionError[] };
export type BuildPost = (instance: OfflineInstanceDoc, round: RoundDoc, ctx: BuildContext) => Built | Promise<Built>;

/**
 * The domain's post builder. It loads on the first send (with the domain rules and luxon), not with the
 * replication's code that starts after the first screen.
 */
const buildInstancePost: BuildPost = async (instance, round, ctx) =>
  (await import('../src/domain/build-round-post')).buildInstancePost(instance, round, ctx);

export interface SubmitQueueOptions extends RetryOptions {
  /** tests replace the domain's builder */
  buildPost?: BuildPost;
}

/** The send no longer owns the instance (an edit, another tab, a 409): stop without writing over it. */
class SendStopped extends Error {}

/**
 * A failure as a reason code with parameters; the raw text stays as `detail` for support. `posted`: the entries of
 * the post that failed, so a refusal naming `entries.3.value` names its timeseries too.
 */
export function errorCode(error: unknown, posted: readonly { tsId: string }[] = []): SubmitError {
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (error instanceof ApiError) {
    if (error.loginRequired) return { code: LOGIN_REQUIRED, status: 401, detail };
    if (error.reason === 'network') return { code: 'network', detail };
    const status = error.status !== undefined ? { status: error.status } : {};
    // the reference server names the rule; a server of the specification alone only says it in English
    const refusal = serverRefusal(error.body, posted);
    return { ...(refusal ?? { code: 'http' }), ...status, detail };
  }
  return { code: 'failed', detail };
}

/** An entry as posted, as a key: the same builder gives the same JSON for the same entry. */
export function entryKey(entry: MeasureRoundPost['entries'][number]): string {
  return JSON.stringify(entry);
}

/** The entries the server does not hold yet (all of them when nothing would be left, so the post is never empty). */
export function changedEntries(
  entries: MeasureRoundPost['entries'],
  stored: readonly string[] | undefined,
): MeasureRoundPost['entries'] {
  const held = new Set(stored ?? []);
  const changed = entries.filter((e) => !held.has(entryKey(e)));
  return changed.length > 0 ? changed : entries;
}

/**
 * Sends sendable instances one after the other, every state change through the instance commands (each a
 * compare-and-set), so an "Edit again" during a send wins over the send. State lives on the instance
 * document: a reload or a killed browser resumes where it stopped; the instanceId makes a re-send harmless.
 * Once the server holds an instance's values, a change goes out as a correction under a new instanceId.
 */
export class SubmitQueue {
  private readonly drainer: SerialDrain;
  /** instances this queue could not start in the current login (waiting for their author) */
  private readonly skipped = new Set<string>();

  constructor(
    private readonly db: AppDatabase,
    private readonly api: ApiClient,
    private readonly opts: SubmitQueueOptions,
  ) {
    this.drainer = new SerialDrain(opts.isOnline, async () => {
      const next = await this.db.offlineInstances
        .findOne({
          selector: { syncState: { $in: [...SENDABLE_STATES] }, instanceId: { $nin: [...this.skipped] } },
          sort: [{ updatedAt: 'asc' }],
        })
        .exec();
      if (!next) return false;
      await this.send(next.toMutableJSON());
      return true;
    });
  }

  /** Instances left 'sending' by a closed tab go on at start (queued, or photos only when the values are stored). */
  async recover(): Promise<void> {
    const stuck = await this.db.offlineInstances.find({ selector: { syncState: 'sending' } }).exec();
    for (const doc of stuck) await resumeInstance(this.db, doc.instanceId);
  }

  stop(): void {
    this.drainer.stopped = true;
  }

  /** After a login, the instances that waited for one are sent if the user is their author. */
  async loginChanged(): Promise<void> {
    this.skipped.clear();
    const waiting = await this.db.offlineInstances.find({ selector: { syncState: 'waiting-login' } }).exec();
    for (const doc of waiting) await resumeInstance(this.db, doc.instanceId);
    await this.drain();
  }

  /** Runs until no sendable instance is left; concurrent calls coalesce into one more pass. */
  drain(): Promise<void> {
    return this.drainer.drain();
  }

  private async serverInfo(): Promise<{ extensions: string[] }> {
    const data = (await this.db.reference.findOne('serverInfo').exec())?.data as { extensions?: unknown } | undefined;
    const extensions = Array.isArray(data?.extensions)
      ? data.extensions.filter((e): e is string => typeof e === 'string')
      : [];
    return { extensions };
  }

  private async send(queued: OfflineInstanceDoc): Promise<void> {
    // §8 and a round is sent only with its author's login (login-off mode is one user, owner '').
    const user = await currentUser(this.db);
    if (queued.owner && queued.owner !== user) {
      this.skipped.add(queued.instanceId);
      await waitForLogin(this.db, queued.instanceId, { code: 'owner-login', owner: queued.owner });
      return;
    }
    const instance = await startSend(this.db, queued.instanceId);
    if (!instance) return; // moved on meanwhile (edited, another tab): the next pass sees its new state
    const sendRev = instance.sendRev ?? 0;
    const id = instance.instanceId;
    const round = await loadInstanceRound(this.db, instance);
    if (!round) {
      await failBeforeSend(this.db, id, sendRev, { code: 'group-missing', name: instance.mrName });
      return;
    }
    // The same config the table showed: the server's, with this device's own settings (/config) over it.
    const configData = effectiveConfig(
      (await this.db.reference.findOne('config').exec())?.data,
      (await this.db.reference.findOne('localConfig').exec())?.data,
    );
    const defaultTime = configData.defaultTime;
    const ctx = await loadBuildContext(this.db, id, {
      defaultTime,
      formulaGenerator: configData.tsFormulaGenerator === true,
      zone: readingZone(configData.mez === true),
    });
    let built: Built;
    try {
      built = await (this.opts.buildPost ?? buildInstancePost)(instance, round, ctx);
    } catch (e) {
      // The builder's code could not load (it loads on first send): say so on the instance instead of leaving it
      // queued without a word and stopping the queue for every other round; the drafts stay, a new submit retries.
      await failBeforeSend(this.db, id, sendRev, {
        code: 'prepare-failed',
        detail: e instanceof Error ? e.message : String(e),
      });
      return;
    }
    if ('errors' in built) {
      // a reason code with parameters the UI translates; the English detail stays for support
      await failBeforeSend(this.db, id, sendRev, {
        code: 'not-buildable',
        detail: built.errors.map(describeSubmissionError).join('\n'),
        params: submissionErrorParams(built.errors),
      });
      return;
    }
    const { extensions } = await this.serverInfo();
    const submissionId = submissionIdOf(instance);
    const linked = extensions.includes(CORRECTIONS_EXTENSION);
    // A correction names what it corrects on servers that know the extension (which replace the corrected values);
    // elsewhere it is a new submission of the entries the server does not hold yet, at their times.
    const post: MeasureRoundPost = {
      ...built.post,
      instanceId: submissionId,
      ...(instance.corrects !== undefined && linked ? { corrects: instance.corrects } : {}),
      ...(instance.corrects !== undefined && !linked
        ? { entries: changedEntries(built.post.entries, instance.storedEntryKeys) }
        : {}),
    };
    // §5: every round payload (table, tour and meteo alike) is schema-checked before it is sent; a post the
    // server would refuse stays on the device in error, naming the field, and nothing is sent
    const issues = validatePost(post);
    if (issues.length > 0) {
      await failBeforeSend(this.db, id, sendRev, {
        code: 'invalid-post',
        field: issues[0]?.path ?? '',
        detail: issues.map((i) => `${i.path}: ${i.message}`).join('\n'),
      });
      return;
    }
    const entryKeys = post.entries.map(entryKey);
    let valueCount = instance.valueCount ?? countPostValues(post);
    const steps: Record<PostingStep, () => Promise<void>> = {
      values: async () => {
        if (lifecycleContext(instance).valuesStored) return; // only the photos were left
        let answer: unknown;
        try {
          answer = await this.api.postJson(`/measure-round/${encodeURIComponent(instance.mrId)}`, post, v.unknown());
        } catch (e) {
          if (e instanceof ApiError && e.status === 409) {
            // The server holds another body under this id (stored by an earlier try): send this one as a correction.
            await recordValuesStored(this.db, id, submissionId, sendRev, { conflict: true });
            throw new SendStopped();
          }
          throw e;
        }
        // A key, task, facility change or photo another tab wrote after the post was built is not in it: the round
        // goes back to editing, and what the server now holds makes it a correction (as "Edit again" during a
        // send), never "sent".
        if (await partsChangedSince(this.db, id, ctx)) await reopenInstance(this.db, id);
        // Any 2xx means stored (a vendor server may answer without a body); count locally when it does not say.
        const parsed = v.safeParse(MeasureRoundPostAnswerSchema, answer);
        valueCount =
          parsed.success && parsed.output.valueCount !== undefined ? parsed.output.valueCount : countPostValues(post);
        if (!(await recordValuesStored(this.db, id, submissionId, sendRev, { valueCount, entryKeys })))
          throw new SendStopped();
      },
      images: () => this.uploadImages(instance, sendRev),
    };
    // §7: the order of values and images depends on the server type; each step is a task retried once.
    try {
      for (const step of postingOrder(configData.serverType)) {
        const ok = await this.runWithRetry(id, sendRev, step, steps[step], post.entries);
        if (!ok) return;
      }
    } catch (e) {
      if (e instanceof SendStopped) return;
      throw e;
    }
    await finishSend(this.db, id, sendRev, valueCount);
  }

  /** Uploads the photos not yet on the server, each under its own image id; stops when the send lost the instance. */
  private async uploadImages(instance: OfflineInstanceDoc, sendRev: number): Promise<void> {
    const pending = await this.db.photos
      .find({ selector: { instanceId: instance.instanceId, uploaded: false } })
      .exec();
    for (const photo of pending) {
      const attachment = photo.getAttachment(IMAGE_ATTACHMENT);
      if (!attachment) throw new Error(`photo ${photo.id} has no image data`);
      const blob = await attachment.getData();
      const query = new URLSearchParams({
        dt: photo.dt,
        staNumber: photo.staNumber,
        tsParameter: photo.tsParameter,
        tsId: photo.tsId,
      });
      await this.api.postBinary(
        `/measure-round/${encodeURIComponent(instance.mrId)}/image/${encodeURIComponent(photo.id)}?${query.toString()}`,
        blob,
      );
      await recordPhotoStored(this.db, photo.id);
      if (!(await recordAttempt(this.db, instance.instanceId, sendRev, 1))) throw new SendStopped();
    }
  }

  /** Appends a try to the instance's log, so support can see every attempt with its status and error. */
  private log(instanceId: string, entry: Attempt): Promise<void> {
    return appendAttemptLog(this.db, instanceId, entry, ATTEMPT_LOG_SIZE);
  }

  /** §4 task runner: one retry after 5 s; the second failure ends in error and aborts the rest. */
  private async runWithRetry(
    instanceId: string,
    sendRev: number,
    step: PostingStep,
    task: () => Promise<void>,
    posted: MeasureRoundPost['entries'],
  ): Promise<boolean> {
    const outcome = await runWithRetry(
      task,
      {
        onSuccess: (attempt) => this.log(instanceId, { at: Date.now(), step, attempt, ok: true }),
        onTry: async (attempt) => {
          if (!(await recordAttempt(this.db, instanceId, sendRev, attempt))) throw new SendStopped();
        },
        onFailure: async ({ attempt, error, message, next }) => {
          // a stop is no failure of the step: it ends the send without a retry and without writing
          if (error instanceof SendStopped) throw error;
          await this.log(instanceId, {
            at: Date.now(),
            step,
            attempt,
            ok: false,
            ...(error instanceof ApiError && error.status !== undefined ? { status: error.status } : {}),
            error: message.slice(0, 1000),
          });
          const code = errorCode(error, posted);
          if (next === 'login-required') {
            // Not logged in (or the session expired): it waits until the user logs in.
            this.skipped.add(instanceId);
            await stopSend(this.db, instanceId, sendRev, 'need-login', code);
          } else if (next === 'offline') await stopSend(this.db, instanceId, sendRev, 'offline', code);
          else if (next === 'failed') await stopSend(this.db, instanceId, sendRev, 'fail', code);
          // the retry follows after 5 s: say so now (attempts counts the try that is coming)
          else if (!(await recordAttempt(this.db, instanceId, sendRev, attempt + 1))) throw new SendStopped();
        },
      },
      this.opts,
    );
    return outcome === 'done';
  }
}
