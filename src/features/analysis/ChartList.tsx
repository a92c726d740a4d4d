import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { SeriesPoint } from '../../domain/analysis';
import { useConfig } from '../../db/reference-hooks';
import { entryTimeContext } from '../../domain/draft-time';
import { MezNote } from '../readings/MezNote';
import { TimeseriesChart } from './TimeseriesChart';
import { useHistory, useOpenRoundPoints } from './use-analysis-data';

const NO_POINTS: SeriesPoint[] = [];

/** Says which timeseries have no stored history and offers to load it (works only online). */
export function HistoryMissing({ tsIds }: { tsIds: readonly string[] }) {
  if (tsIds.length === 0) return null;
  return (
    <p
      role="status"
      className="rounded border border-amber-500 bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="history-missing"
    >
      <Plural
        value={tsIds.length}
        one="No history is stored on this device for # timeseries."
        other="No history is stored on this device for # timeseries."
      />{' '}
      <Link to="/loadTimeseriesValues" search={{ tsId: [...tsIds] }} className="underline">
        <Trans>Load history</Trans>
      </Link>
    </p>
  );
}

/** One chart per timeseries: the stored history plus the values of the open round (§2 analysis charts). */
export function ChartList({ entries, mrIds }: { entries: readonly MeasureRoundEntry[]; mrIds: readonly string[] }) {
  const { t } = useLingui();
  const config = useConfig();
  const tsIds = useMemo(() => [...new Set(entries.map((e) => e.tsId))], [entries]);
  const history = useHistory(tsIds);
  const open = useOpenRoundPoints(mrIds, entryTimeContext(config));
  const points = useMemo(
    () => new Map(tsIds.map((id) => [id, (history?.get(id) ?? []).map((h) => ({ dt: h.dt, value: h.value }))])),
    [history, tsIds],
  );
  if (history === undefined) return <p role="status">{t`Loading the stored history…`}</p>;
  const missing = tsIds.filter((id) => !history.has(id));
  const unique = entries.filter((e, i) => entries.findIndex((x) => x.tsId === e.tsId) === i);
  return (
    <div className="space-y-3">
      {/* the charts' times (legend, axis) are in the reading zone: in MEZ mode an hour off the wall clock in summer */}
      <MezNote />
      <HistoryMissing tsIds={missing} />
      <div className="grid gap-3 xl:grid-cols-2">
        {unique.map((e) => (
          <TimeseriesChart
            key={e.tsId}
            entry={e}
            history={points.get(e.tsId) ?? NO_POINTS}
            drafts={open.get(e.tsId) ?? NO_POINTS}
          />
        ))}
      </div>
    </div>
  );
}
