import type { MeasureRoundEntry, MeasureRoundPost } from '../../schemas/api';
import { withEntries, type BuildContext, type PostInstance } from './post-context';
import { meteoEntries } from './meteo';
import { buildPost, type SubmissionError } from './submission';

/**
 * The replication layer's post builder for a meteo month: each day of each timeseries becomes its own
 * entry at its own time, checked and shaped by the same buildPost as the table's rounds.
 */
export function buildMeteoPost(
  instance: PostInstance,
  round: { entries: readonly MeasureRoundEntry[] },
  ctx: BuildContext,
): { post: MeasureRoundPost } | { errors: SubmissionError[] } {
  const entries = meteoEntries(round.entries, ctx.drafts, instance.date, ctx.defaultTime, ctx.zone);
  return buildPost(withEntries(instance, entries));
}
