import type { CompletedEntry, CompletedMeasureRound } from '../../schemas/api';

export interface SubmissionRow {
  instance_id: string;
  mr_id: string;
  mr_name: string;
  mr_group: string | null;
  mr_team: string | null;
  mr_remark: string | null;
  entries: CompletedEntry[];
  state: string;
  creation_time: Date | null;
  submission_time: Date;
  decision1_time: Date | null;
  decision1_team: string | null;
  decision1_user: string | null;
  decision2_time: Date | null;
  decision2_team: string | null;
  decision2_user: string | null;
  completion_time: Date | null;
  user_decision1_required: boolean;
  user_decision2_required: boolean;
  corrects: string | null;
  corrected_by: { instanceId: string; time: string; user: string } | null;
}

/** Every column a completed round needs, never the posted body (it can be megabytes and is kept for audit only). */
export const COLUMNS = `s.instance_id, s.mr_id, s.mr_team, s.mr_remark, s.entries, s.state, s.creation_time, s.submission_time,
  s.decision1_time, s.decision1_team, s.decision1_user, s.decision2_time, s.decision2_team, s.decision2_user, s.completion_time,
  s.user_decision1_required, s.user_decision2_required, r.mr_name, r.mr_group, s.corrects,
  (select json_build_object('instanceId', c.instance_id, 'time', c.submission_time, 'user', c.username) from submission c
     where c.corrects = s.instance_id order by c.submission_time desc limit 1) as corrected_by`;
export const SUBMISSION_SELECT = `select ${COLUMNS} from submission s join measure_round r on r.mr_id = s.mr_id`;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The §3 CompletedMeasureRound of a stored submission. */
export function toCompleted(row: SubmissionRow): CompletedMeasureRound {
  return {
    instanceId: row.instance_id,
    creationTime: iso(row.creation_time),
    submissionTime: iso(row.submission_time),
    decision1Time: iso(row.decision1_time),
    decision2Time: iso(row.decision2_time),
    completionTime: iso(row.completion_time),
    mrTeam: row.mr_team,
    decision1Team: row.decision1_team,
    decision2Team: row.decision2_team,
    decision1User: row.decision1_user,
    decision2User: row.decision2_user,
    userDecision1Required: row.user_decision1_required,
    userDecision2Required: row.user_decision2_required,
    mrId: row.mr_id,
    mrName: row.mr_name,
    mrGroup: row.mr_group ?? undefined,
    entries: row.entries ?? [],
    mrRemark: row.mr_remark,
    // extension 'corrections': the link both ways, so the archive can say "corrected on … by …"
    ...(row.corrects ? { corrects: row.corrects } : {}),
    ...(row.corrected_by
      ? { correctedBy: { ...row.corrected_by, time: new Date(row.corrected_by.time).toISOString() } }
      : {}),
  };
}
