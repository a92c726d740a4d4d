import { Trans } from '@lingui/react/macro';
import type { CompletedMeasureRound } from '../../../schemas/api';

/** §4 lifecycle state of a completed round, as a short label. */
export function RoundState({ round }: { round: CompletedMeasureRound }) {
  if (round.completionTime) return <Trans>completed</Trans>;
  if (round.decision1Time) return <Trans>awaiting decision 2</Trans>;
  if (round.userDecision1Required) return <Trans>awaiting decision 1</Trans>;
  return <Trans>submitted</Trans>;
}
