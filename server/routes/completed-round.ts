import { Hono } from 'hono';
import * as v from 'valibot';
import { DecisionPostSchema, type CompletedEntry } from '../../schemas/api';
import {
  DECISION2_OPTIONS,
  decision1Options,
  decisionsRequired,
  ESCALATING_DECISION1,
  needsDecision1,
  type Decision1,
} from '../../src/domain/decisions';
import { requireRole, type RoleSuffix } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { readJsonBody } from '../http/body';
import type { AppEnv, RequestUser } from '../http/app-env';
import { HttpError, parseOr400 } from '../http/errors';
import { COMPLETED_ROUND_EXTENSION_FIELDS, forProfile } from '../extensions';
import { archivePage, ArchiveQuerySchema, fullArchive } from '../store/archive-page';
import { SUBMISSION_SELECT as SELECT, toCompleted, type SubmissionRow } from '../store/submission-row';
import { ANY_ROLE } from './measure-round';

export async function findSubmission(db: Queryable, instanceId: string): Promise<SubmissionRow> {
  if (!v.is(v.pipe(v.string(), v.uuid()), instanceId))
    throw new HttpError(400, 'instanceId: must be a UUID', 'instanceId');
  const [row] = await db.query<SubmissionRow>(`${SELECT} where s.instance_id = $1`, [instanceId]);
  if (!row) throw new HttpError(404, `completed measure round ${instanceId} not found`);
  return row;
}

/** At most this many decisions in one POST: more than any round has entries (413 beyond). */
export const MAX_DECISIONS = 5000;

/**
 * The role check before the submission is read: only its round id is looked up, so a refusal reads no
 * megabytes of entries, and a user without a role on it gets the same 403 whether it exists or not (no
 * existence oracle). Users who see every round get 404 for a missing one.
 */
export async function authorizeSubmission(
  ctx: ServerContext,
  user: RequestUser,
  instanceId: string,
  roles: readonly RoleSuffix[],
): Promise<string> {
  if (!v.is(v.pipe(v.string(), v.uuid()), instanceId))
    throw new HttpError(400, 'instanceId: must be a UUID', 'instanceId');
  const [row] = await ctx.db.query<{ mr_id: string }>('select mr_id from submission where instance_id = $1', [
    instanceId,
  ]);
  if (!row) {
    if (user.allRounds) throw new HttpError(404, `completed measure round ${instanceId} not found`);
    throw new HttpError(403, `${user.username} may not do this on completed measure round ${instanceId}`);
  }
  await requireRole(ctx.db, user, await ctx.product(), row.mr_id, roles);
  return row.mr_id;
}

type DecisionInput = v.InferOutput<typeof DecisionPostSchema>;

/**
 * §4 lifecycle on the server: submitted → decision 1 → decision 2 → completed. Every entry that needs a
 * decision at a stage must get one, with a value allowed for that entry.
 */
function applyDecisions(
  row: SubmissionRow,
  input: DecisionInput,
): { entries: CompletedEntry[]; state: string; decision2Required: boolean } {
  const stage1 = input.stage === 1;
  if (stage1 && row.state !== 'submitted')
    throw new HttpError(409, `stage: decision 1 is not open (round is ${row.state})`, 'stage');
  if (!stage1 && row.state !== 'decision1')
    throw new HttpError(409, `stage: decision 2 is not open (round is ${row.state})`, 'stage');
  const due = row.entries.filter((e) =>
    stage1 ? needsDecision1(e) : e.decision1Value && ESCALATING_DECISION1.has(e.decision1Value),
  );
  const byTs = new Map(input.decisions.map((d, i) => [d.tsId, { ...d, i }]));
  input.decisions.forEach((d, i) => {
    if (!due.some((e) => e.tsId === d.tsId))
      throw new HttpError(
        400,
        `decisions.${i}.tsId: ${d.tsId} needs no decision at stage ${input.stage}`,
        `decisions.${i}.tsId`,
      );
  });
  for (const e of due) {
    const d = byTs.get(e.tsId);
    if (!d) throw new HttpError(400, `decisions: a decision for ${e.tsId} is missing`, 'decisions');
    const allowed: readonly string[] = stage1 ? decision1Options(e.tsId) : DECISION2_OPTIONS;
    if (!allowed.includes(d.value))
      throw new HttpError(
        400,
        `decisions.${d.i}.value: must be one of ${allowed.join(', ')}`,
        `decisions.${d.i}.value`,
      );
  }
  const entries = row.entries.map((e) => {
    const d = byTs.get(e.tsId);
    if (!d) return e;
    return stage1
      ? { ...e, decision1Value: d.value as Decision1, decision1Remark: d.remark ?? null }
      : { ...e, decision2Value: d.value as CompletedEntry['decision2Value'], decision2Remark: d.remark ?? null };
  });
  const decision2Required = decisionsRequired(entries).userDecision2Required;
  return { entries, decision2Required, state: stage1 && decision2Required ? 'decision1' : 'completed' };
}

export function completedRoundRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const shape = (row: SubmissionRow) => forProfile(ctx.profile, toCompleted(row), COMPLETED_ROUND_EXTENSION_FIELDS);
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      // §7 knows no paging: the spec profile answers the whole list and ignores limit/before.
      if (ctx.profile === 'spec') return c.json((await fullArchive(db, c.get('user'))).map(shape));
      const page = await archivePage(db, c.get('user'), parseOr400(ArchiveQuerySchema, c.req.query(), 'query'));
      if (page.next) c.header('X-Next-Page', page.next);
      return c.json(page.rounds.map(shape));
    })
    .get('/:instanceId', async (c) => {
      await authorizeSubmission(ctx, c.get('user'), c.req.param('instanceId'), ANY_ROLE);
      return c.json(shape(await findSubmission(db, c.req.param('instanceId'))));
    })
    .post('/:instanceId', async (c) => {
      const raw = await readJsonBody(c);
      const count = (raw as { decisions?: unknown } | null)?.decisions;
      if (Array.isArray(count) && count.length > MAX_DECISIONS)
        throw new HttpError(413, `decisions: at most ${MAX_DECISIONS} decisions per request`, 'decisions');
      const input = parseOr400(DecisionPostSchema, raw);
      await authorizeSubmission(ctx, c.get('user'), c.req.param('instanceId'), [
        input.stage === 1 ? 'RESPONSIBLE1' : 'RESPONSIBLE2',
      ]);
      const row = await findSubmission(db, c.req.param('instanceId'));
      const next = applyDecisions(row, input);
      const stage = input.stage === 1 ? 'decision1' : 'decision2';
      // Only from the state the decision was checked against: of two deciders posting at once, one wins, one gets 409.
      const updated = await db.query<{ instance_id: string }>(
        `update submission set entries = $2, state = $3, user_decision2_required = $4, ${stage}_time = now(), ${stage}_team = $5, ${stage}_user = $7, entries_bytes = $8,
         completion_time = case when $3 = 'completed' then now() else completion_time end where instance_id = $1 and state = $6 returning instance_id`,
        [
          row.instance_id,
          JSON.stringify(next.entries),
          next.state,
          next.decision2Required,
          input.team,
          row.state,
          c.get('user').username,
          Buffer.byteLength(JSON.stringify(next.entries)),
        ],
      );
      if (updated.length === 0)
        throw new HttpError(409, `stage: measure round ${row.instance_id} was decided meanwhile`, 'stage');
      // §7 does not show POST answers: the spec profile sends none, the full one the decided round.
      if (ctx.profile === 'spec') return c.body(null, 204);
      return c.json(shape(await findSubmission(db, row.instance_id)));
    });
}

export { toCompleted };
