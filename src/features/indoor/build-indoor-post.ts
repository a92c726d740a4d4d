import type { MeasureRoundEntry, MeasureRoundPost } from '../../../schemas/api';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { BuildContext } from '../../../replication/submit-queue';
import { buildPost, combineDateAndTime, parseNumberInput } from '../../domain';

/** Merges the drafts typed on the table into the round's entries, the shape the domain posts. */
export function applyDrafts(round: RoundDoc, instance: OfflineInstanceDoc, ctx: BuildContext): MeasureRoundEntry[] {
  const byTs = new Map(instance.drafts.map((d) => [d.tsId, d]));
  return round.entries.map((entry) => {
    const draft = byTs.get(entry.tsId);
    const images = ctx.photoIdsByTsId.get(entry.tsId);
    if (!draft && !images) return entry;
    const parsed = parseNumberInput(draft?.text ?? '');
    const time = draft?.time ?? ctx.defaultTime;
    const remark = draft?.remark?.trim();
    return {
      ...entry,
      dt: time ? (combineDateAndTime(instance.date, time) as MeasureRoundEntry['dt']) : undefined,
      value: parsed?.kind === 'number' ? parsed.value : undefined,
      tsRemark: remark || images ? { ...(remark ? { text: remark } : {}), ...(images ? { images } : {}) } : undefined,
    };
  });
}

/** The replication layer's post builder for indoor instances. */
export function buildIndoorPost(instance: OfflineInstanceDoc, round: RoundDoc, ctx: BuildContext): { post: MeasureRoundPost } | { errors: string[] } {
  const entries = applyDrafts(round, instance, ctx);
  return buildPost(
    { instanceId: instance.instanceId, mrId: instance.mrId, mrName: instance.mrName, mrGroup: instance.mrGroup, creationTime: instance.creationTime, mrTeam: instance.mrTeam, mrRemark: instance.mrRemark, entries }
  );
}
