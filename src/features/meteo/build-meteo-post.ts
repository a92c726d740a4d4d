import type { MeasureRoundPost } from '../../../schemas/api';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { BuildContext } from '../../../replication/submit-queue';
import { buildPost, meteoEntries } from '../../domain';

/**
 * The replication layer's post builder for a meteo month: each day of each timeseries becomes its own
 * entry at its own time, checked and shaped by the same buildPost as the table's rounds.
 */
export function buildMeteoPost(
  instance: OfflineInstanceDoc,
  round: RoundDoc,
  ctx: BuildContext,
): { post: MeasureRoundPost } | { errors: string[] } {
  const entries = meteoEntries(round.entries, ctx.drafts, instance.date, ctx.defaultTime, ctx.zone);
  return buildPost({
    instanceId: instance.instanceId,
    mrId: instance.mrId,
    mrName: instance.mrName,
    mrGroup: instance.mrGroup,
    creationTime: instance.creationTime,
    mrTeam: instance.mrTeam,
    mrRemark: instance.mrRemark,
    entries,
  });
}
