import type { CompletedMeasureRound, DecisionPost } from '../../schemas/api';
import type { DecisionDoc } from '../../schemas/db/decision-doc';
import { instanceVisibleTo, ownerOf, type Username } from '../domain/data-owner';
import { decisionTransition, failureEvent, type DecisionEvent } from '../domain/decision-lifecycle';
import type { DecisionStage } from '../domain/decision-form';
import type { TaskStop } from '../domain/task-runner';
import { currentUser } from './data-owner';
import type { AppDatabase } from './database';

/**
 * Every write of a typed decision (the decisions collection), each a compare-and-set: RxDB's incrementalModify
 * runs the guard on the newest stored revision and the guard asks the lifecycle (src/domain/decision-lifecycle.ts).
 * A move the lifecycle refuses (a keystroke after "record assessment", a second tab's stale "send again", the
 * queue finishing a decision another tab already recovered) leaves the document as it is and reports `false`.
 * `lastError` holds a reason code (decisionErrorOf), which the screen translates.
 */

/** One decision per round, stage and decider: two users on one device never type into each other's. */
const decisionId = (instanceId: string, stage: DecisionStage, owner: string) =>
  owner ? `${instanceId}|${stage}|${owner}` : `${instanceId}|${stage}`;

/**
 * The decision of a stage `user` continues: their own, else one without a decider (login-off mode, or typed
 * before deciders were recorded), which is everyone's as before. Other users' decisions are never theirs.
 */
export function ownDecision<D extends DecisionDoc>(docs: readonly D[], user: Username): D | undefined {
  return docs.find((d) => !!user && ownerOf(d) === user) ?? docs.find((d) => instanceVisibleTo(ownerOf(d), user));
}

/** The guarded move of one stored decision: applied when the lifecycle allows `event` in its newest state. */
async function move(
  db: AppDatabase,
  id: string,
  event: DecisionEvent,
  change: (d: DecisionDoc) => DecisionDoc = (d) => d,
): Promise<boolean> {
  const doc = await db.decisions.findOne(id).exec();
  if (!doc) return false;
  let moved = false;
  await doc.incrementalModify((d) => {
    const next = decisionTransition(d.syncState, event);
    moved = next !== null;
    if (next === null) return d;
    return { ...change(d), syncState: next, updatedAt: Date.now() };
  });
  return moved;
}

/** Writes to one decision document one after the other, so the first keystrokes never race its creation. */
const chains = new Map<string, Promise<unknown>>();

export interface DecisionBase {
  instanceId: string;
  stage: DecisionStage;
  mrName: string;
}

/** The user's own decision of a stage, created as a draft on their first keystroke; then `event` with `change`. */
function writeOwn(
  db: AppDatabase,
  base: DecisionBase,
  event: 'edit' | 'submit',
  change: (d: DecisionDoc) => DecisionDoc,
): Promise<boolean> {
  const chain = `${base.instanceId}|${base.stage}`;
  const run = async (): Promise<boolean> => {
    const user = await currentUser(db);
    const existing = ownDecision(
      await db.decisions.find({ selector: { instanceId: base.instanceId, stage: base.stage } }).exec(),
      user,
    );
    if (existing) return move(db, existing.id, event, change);
    const fresh: DecisionDoc = {
      id: decisionId(base.instanceId, base.stage, user),
      instanceId: base.instanceId,
      stage: base.stage,
      mrName: base.mrName,
      owner: user,
      inputs: [],
      syncState: 'draft',
      updatedAt: Date.now(),
    };
    const next = decisionTransition('draft', event);
    if (next === null) return false;
    await db.decisions.insert({ ...change(fresh), syncState: next, updatedAt: Date.now() });
    return true;
  };
  const next = (chains.get(chain) ?? Promise.resolve()).then(run, run);
  chains.set(chain, next);
  return next;
}

/** One field of one entry's decision, as typed. */
function withInput(d: DecisionDoc, tsId: string, field: 'value' | 'remark', text: string): DecisionDoc {
  const others = d.inputs.filter((i) => i.tsId !== tsId);
  const current = d.inputs.find((i) => i.tsId === tsId) ?? { tsId };
  return { ...d, inputs: [...others, { ...current, [field]: text }] };
}

/** Stores one typed field of an entry's decision (refused once it is handed to the queue). */
export function typeDecisionInput(
  db: AppDatabase,
  base: DecisionBase,
  tsId: string,
  field: 'value' | 'remark',
  text: string,
): Promise<boolean> {
  return writeOwn(db, base, 'edit', (d) => withInput(d, tsId, field, text));
}

/** Stores the deciding team as typed. */
export function typeDecisionTeam(db: AppDatabase, base: DecisionBase, team: string): Promise<boolean> {
  return writeOwn(db, base, 'edit', (d) => ({ ...d, team }));
}

/** "Record assessment": hands the checked body to the queue; the queue posts exactly this. */
export function submitDecision(db: AppDatabase, base: DecisionBase, post: DecisionPost): Promise<boolean> {
  return writeOwn(db, base, 'submit', (d) => ({ ...d, post, lastError: undefined, attempts: 0 }));
}

/** "Send again": a refused or failed decision goes to the queue again, as typed. */
export function requeueDecision(db: AppDatabase, id: string): Promise<boolean> {
  return move(db, id, 'requeue', (d) => ({ ...d, lastError: undefined, attempts: 0 }));
}

// ---- the decision queue's steps (replication/decision-queue.ts) ----

/** At start: decisions a closed tab left 'sending' or 'retrying' are queued again. */
export async function recoverDecisions(db: AppDatabase): Promise<void> {
  const stuck = await db.decisions.find({ selector: { syncState: { $in: ['sending', 'retrying'] } } }).exec();
  for (const doc of stuck) await move(db, doc.id, 'resume');
}

/** After a login: decisions that waited for their decider are queued again (sent if it is them, else wait on). */
export async function resumeWaitingDecisions(db: AppDatabase): Promise<void> {
  const waiting = await db.decisions.find({ selector: { syncState: 'waiting-login' } }).exec();
  for (const doc of waiting) await move(db, doc.id, 'resume');
}

/** Its decider is not logged in: it waits for their login (shared devices). */
export function waitForDecider(db: AppDatabase, id: string): Promise<boolean> {
  return move(db, id, 'need-login');
}

/** A queued decision without a body (never happens through submitDecision): refused for good, with its reason. */
export function refuseEmptyDecision(db: AppDatabase, id: string): Promise<boolean> {
  return move(db, id, 'fail-for-good', (d) => ({ ...d, lastError: 'nothing-to-send' }));
}

/** Before each try: the first starts the send, the second is the retry after the delay. */
export function startDecisionTry(db: AppDatabase, id: string, attempt: number): Promise<boolean> {
  return move(db, id, attempt === 1 ? 'start-send' : 'retry', (d) => ({ ...d, attempts: attempt }));
}

/** The server recorded it. */
export function recordDecisionSent(db: AppDatabase, id: string): Promise<boolean> {
  return move(db, id, 'sent', (d) => ({ ...d, sentAt: Date.now(), lastError: undefined }));
}

/** A try failed: `next` is what the task runner does next, `reason` a code of decisionErrorOf. */
export function recordDecisionFailure(
  db: AppDatabase,
  id: string,
  next: 'retry' | TaskStop,
  reason: string,
): Promise<boolean> {
  return move(db, id, failureEvent(next), (d) => ({ ...d, lastError: reason }));
}

/** The round as the server holds it after a decision, stored in the archive at once (the next pull would too). */
export async function storeDecidedRound(db: AppDatabase, round: CompletedMeasureRound): Promise<void> {
  await db.completedRounds.upsert({ ...round, fetchedAt: Date.now() });
}
