import { useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { ChartList } from './ChartList';
import { GroupScreen } from './GroupScreen';

/** groupTimeseriesAnalysisCharts (§2). */
export function GroupCharts() {
  const { t } = useLingui();
  const { group } = useParams({ from: '/analysis/charts/$group' });
  return (
    <GroupScreen group={group} heading={t`Charts`}>
      {(round) => <ChartList entries={round.entries} mrIds={[round.mrId]} />}
    </GroupScreen>
  );
}
