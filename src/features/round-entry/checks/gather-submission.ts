import type { MeasureRoundEntry } from '../../../../schemas/api';
import type { RoundDoc } from '../../../../schemas/db/round-doc';
import type { AppDatabase } from '../../../db/database';
import { loadBuildContext } from '../../../db/build-context';
import {
  describeSubmissionError,
  isFilledEntry,
  preSubmitFindings,
  submissionPlan,
  validatePost,
  type PostIssue,
  type PreSubmitFindings,
} from '../../../domain';
import { applyDrafts, buildIndoorPost } from '../../../domain/build-round-post';
import { submissionRefusal } from '../../../domain/submission-rules';
import { describeRefusal, type Refusal } from '../../../domain/submit-refusal';
import { groupEntriesByStation } from '../row-model';

export interface GatheredSubmission {
  instanceId: string;
  findings: PreSubmitFindings;
  plan: ReturnType<typeof submissionPlan>;
  /** §4 filled entries (a value, a remark, a photo, a task or facility change…) */
  filled: number;
  /** errors of building the post (§5) and schema issues of the post (each naming its field) */
  postIssues: PostIssue[];
  /**
   * A submission rule of the server the post breaks (src/domain/submission-rules.ts: dates in the window, allowed
   * codes, one value per series and time), found before sending, with the sentence the server's refusal would get.
   */
  ruleRefusal?: Refusal;
}

/**
 * Reads the instance as stored (drafts, photos, tasks, facilities), applies the drafts to the round's
 * entries exactly as the submit queue will, and runs every check of §4, §5 and §8 on that: what the
 * user confirms is what is sent.
 */
export async function gatherSubmission(
  db: AppDatabase,
  round: RoundDoc,
  instanceId: string,
  opts: { defaultTime: string; now: Date; formulaGenerator: boolean; zone?: string },
): Promise<GatheredSubmission | null> {
  const instance = (await db.offlineInstances.findOne(instanceId).exec())?.toMutableJSON();
  if (!instance) return null;
  const ctx = await loadBuildContext(db, instanceId, opts);

  const entries: MeasureRoundEntry[] = applyDrafts(round, instance, ctx);
  const findings = preSubmitFindings(entries, {
    date: instance.date,
    now: opts.now,
    formulaGenerator: opts.formulaGenerator,
    stations: groupEntriesByStation(round.entries, ''),
  });
  const built = buildIndoorPost(instance, round, ctx);
  const postIssues =
    'errors' in built
      ? built.errors.map((error) => ({ path: '', message: describeSubmissionError(error), error }))
      : validatePost(built.post);
  const filled = entries.filter((e) => isFilledEntry(e, { formulaGenerator: opts.formulaGenerator })).length;
  const broken =
    'post' in built && postIssues.length === 0
      ? submissionRefusal(built.post, new Map(round.entries.map((e) => [e.tsId, e])), round.mrId, opts.now.getTime())
      : undefined;
  const ruleRefusal =
    broken && describeRefusal({ code: broken.code, params: broken.params, field: broken.field }, round.entries);
  return {
    instanceId,
    findings,
    plan: submissionPlan(findings),
    filled,
    postIssues,
    ...(ruleRefusal ? { ruleRefusal } : {}),
  };
}
