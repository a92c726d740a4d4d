import { Trans, useLingui } from '@lingui/react/macro';
import { useParams, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { chartLinkTsIds } from '../../domain/analysis';
import { Alert } from '../../ui/Alert';
import { ChartList } from './ChartList';
import { useEntriesOf } from './use-analysis-data';

/**
 * timeseriesChart and timeseriesChartForStation (§2): charts of the timeseries named in the address.
 * A timeseries of no stored round is still drawn from its stored history, named by its id.
 */
export function DirectCharts() {
  const { t } = useLingui();
  const params = useParams({ strict: false });
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const tsIds = useMemo(
    () => chartLinkTsIds(params.tsId !== undefined ? encodeURIComponent(params.tsId) : params._splat, searchStr),
    [params.tsId, params._splat, searchStr],
  );
  const known = useEntriesOf(tsIds);
  const entries = useMemo<MeasureRoundEntry[]>(
    () =>
      tsIds.map((id) => known?.get(id) ?? ({ tsId: id, tsName: id, staName: '', staNumber: '' } as MeasureRoundEntry)),
    [tsIds, known],
  );
  const mrIds = useMemo(() => [] as string[], []);
  return (
    <section aria-labelledby="direct-chart-heading" className="space-y-3">
      <h1 id="direct-chart-heading" className="text-xl font-semibold">
        <Trans>Timeseries charts</Trans>
      </h1>
      {tsIds.length === 0 ? (
        <Alert type="warning">{t`The address names no timeseries.`}</Alert>
      ) : known === undefined ? (
        <p role="status">…</p>
      ) : (
        <ChartList entries={entries} mrIds={mrIds} />
      )}
    </section>
  );
}
