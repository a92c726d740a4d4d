import type { CompletedEntry } from '../../schemas/api';
import type { Queryable } from '../db/database';
import { writeCsv } from './csv';

/** One line of the audit: a corrected value or a recorded decision, who and when. */
export interface AuditLine {
  kind: 'correction' | 'decision1' | 'decision2';
  time: string;
  user: string;
  team?: string;
  mrId: string;
  mrName: string;
  /** the correcting submission, or the decided one */
  instanceId: string;
  /** the submission a correction replaced */
  correctedInstanceId?: string;
  tsId: string;
  staNumber: string;
  dt?: string;
  oldValue?: number | null;
  newValue?: number | null;
  oldRemark?: string;
  newRemark?: string;
  decision?: string;
  remark?: string;
}

export const AUDIT_COLUMNS = [
  'kind',
  'time',
  'user',
  'team',
  'mrId',
  'mrName',
  'instanceId',
  'correctedInstanceId',
  'tsId',
  'staNumber',
  'dt',
  'oldValue',
  'newValue',
  'oldRemark',
  'newRemark',
  'decision',
  'remark',
] as const;

interface Sub {
  instance_id: string;
  mr_id: string;
  mr_name: string;
  username: string;
  mr_team: string | null;
  submission_time: Date;
  entries: CompletedEntry[] | null;
  corrects: string | null;
  old_entries: CompletedEntry[] | null;
  decision1_time: Date | null;
  decision1_team: string | null;
  decision1_user: string | null;
  decision2_time: Date | null;
  decision2_team: string | null;
  decision2_user: string | null;
}

const valueOf = (e: CompletedEntry | undefined) => (e ? (e.value ?? e.calculatedValue ?? null) : undefined);

/**
 * Every correction (which submission replaced which; per timeseries the old and the new value and remark)
 * and every decision (stage, value, remark, the authenticated user and the typed team), oldest first.
 * `since` keeps only events after that time.
 */
export async function exportAudit(db: Queryable, filter: { mrId?: string; since?: string } = {}): Promise<AuditLine[]> {
  const rows = await db.query<Sub>(
    `select s.instance_id, s.mr_id, r.mr_name, s.username, s.mr_team, s.submission_time, s.entries, s.corrects,
       o.entries as old_entries, s.decision1_time, s.decision1_team, s.decision1_user, s.decision2_time, s.decision2_team, s.decision2_user
     from submission s join measure_round r on r.mr_id = s.mr_id left join submission o on o.instance_id = s.corrects
     where ($1::text is null or s.mr_id = $1) and (s.corrects is not null or s.decision1_time is not null)
     order by s.submission_time, s.instance_id`,
    [filter.mrId ?? null],
  );
  const since = filter.since ? Date.parse(filter.since) : -Infinity;
  const lines: AuditLine[] = [];
  for (const s of rows) {
    const base = { mrId: s.mr_id, mrName: s.mr_name, instanceId: s.instance_id };
    if (s.corrects && new Date(s.submission_time).getTime() > since) {
      const old = new Map((s.old_entries ?? []).map((e) => [e.tsId as string, e]));
      const next = new Map((s.entries ?? []).map((e) => [e.tsId as string, e]));
      for (const tsId of new Set([...old.keys(), ...next.keys()])) {
        const a = old.get(tsId);
        const b = next.get(tsId);
        const same =
          valueOf(a) === valueOf(b) && a?.dt === b?.dt && (a?.tsRemark?.text ?? '') === (b?.tsRemark?.text ?? '');
        if (same) continue;
        lines.push({
          ...base,
          kind: 'correction',
          time: new Date(s.submission_time).toISOString(),
          user: s.username,
          ...(s.mr_team ? { team: s.mr_team } : {}),
          correctedInstanceId: s.corrects,
          tsId,
          staNumber: (b ?? a)?.staNumber ?? '',
          dt: b?.dt ?? a?.dt,
          oldValue: valueOf(a),
          newValue: valueOf(b),
          oldRemark: a?.tsRemark?.text,
          newRemark: b?.tsRemark?.text,
        });
      }
    }
    for (const stage of [1, 2] as const) {
      const time = stage === 1 ? s.decision1_time : s.decision2_time;
      if (!time || new Date(time).getTime() <= since) continue;
      for (const e of s.entries ?? []) {
        const decision = stage === 1 ? e.decision1Value : e.decision2Value;
        if (!decision) continue;
        const remark = stage === 1 ? e.decision1Remark : e.decision2Remark;
        lines.push({
          ...base,
          kind: stage === 1 ? 'decision1' : 'decision2',
          time: new Date(time).toISOString(),
          user: (stage === 1 ? s.decision1_user : s.decision2_user) ?? '',
          ...((stage === 1 ? s.decision1_team : s.decision2_team)
            ? { team: (stage === 1 ? s.decision1_team : s.decision2_team) ?? '' }
            : {}),
          tsId: e.tsId,
          staNumber: e.staNumber,
          dt: e.dt,
          decision,
          ...(remark ? { remark } : {}),
        });
      }
    }
  }
  return lines.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

export const auditCsv = (lines: readonly AuditLine[], german = false) => writeCsv(AUDIT_COLUMNS, lines, german);
