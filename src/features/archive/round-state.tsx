import { Trans, useLingui } from '@lingui/react/macro';
import type { CompletedMeasureRound } from '../../../schemas/api';
import { archiveState, type ArchiveState } from '../../domain';

/** §4 lifecycle state as a short label. */
export function StateLabel({ state }: { state: ArchiveState }) {
  switch (state) {
    case 'completed':
      return <Trans>completed</Trans>;
    case 'awaitingDecision2':
      return <Trans>awaiting decision 2</Trans>;
    case 'awaitingDecision1':
      return <Trans>awaiting decision 1</Trans>;
    case 'submitted':
      return <Trans>submitted</Trans>;
  }
}

/** §4 lifecycle state of a completed round, as a short label. */
export function RoundState({ round }: { round: CompletedMeasureRound }) {
  return <StateLabel state={archiveState(round)} />;
}

/** The same labels as text, for <option> (which takes only text). */
export function useStateLabel(): (state: ArchiveState) => string {
  const { t } = useLingui();
  const labels: Record<ArchiveState, string> = {
    completed: t`completed`,
    awaitingDecision2: t`awaiting decision 2`,
    awaitingDecision1: t`awaiting decision 1`,
    submitted: t`submitted`,
  };
  return (state) => labels[state];
}
