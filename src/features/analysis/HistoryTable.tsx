import { useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import {
  historyMarks,
  remarkText,
  sortPoints,
  type HistoryMark,
  type SeriesPoint,
  type SortDir,
  type SortKey,
} from '../../domain/analysis';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useConfig } from '../../db/reference-hooks';
import { entryTimeContext } from '../../domain/draft-time';
import { Button } from '../../ui/Button';
import { HistoryMissing } from './ChartList';
import { GroupScreen } from './GroupScreen';
import { downloadCsv } from './export-csv';
import { useHistory, useOpenRoundPoints } from './use-analysis-data';

type Row = SeriesPoint & { remark: string };

function entryLabel(e: MeasureRoundEntry): string {
  return `${e.staName} (${e.staNumber}) · ${e.tsName ?? e.tsParameter ?? ''}${e.tsUnit ? ` [${e.tsUnit}]` : ''}`;
}

function SortButton({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: { key: SortKey; dir: SortDir };
  onSort: (key: SortKey) => void;
}) {
  const { t } = useLingui();
  const active = sort.key === column;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className="inline-flex min-h-11 items-center gap-1 font-semibold focus-visible:outline-2 focus-visible:outline-sky-600"
      aria-label={t`Sort by ${label}`}
    >
      {label}
      <span aria-hidden="true">{active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
    </button>
  );
}

function RoundHistory({ round }: { round: RoundDoc }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const config = useConfig();
  const entries = useMemo(
    () => round.entries.filter((e, i) => round.entries.findIndex((x) => x.tsId === e.tsId) === i),
    [round.entries],
  );
  const tsIds = useMemo(() => entries.map((e) => e.tsId), [entries]);
  const history = useHistory(tsIds);
  const open = useOpenRoundPoints([round.mrId], entryTimeContext(config));
  const [chosen, setChosen] = useState<string>('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'dt', dir: 'desc' });
  const tsId = chosen || tsIds[0] || '';
  const entry = entries.find((e) => e.tsId === tsId);
  const rows = useMemo<Row[]>(
    () => [
      ...(history?.get(tsId) ?? []).map((h) => ({
        dt: h.dt,
        value: h.value,
        remark: [remarkText(h.staRemark), remarkText(h.tsRemark)].filter(Boolean).join(' · '),
      })),
      ...(open.get(tsId) ?? []).map((p) => ({ ...p, remark: '' })),
    ],
    [history, open, tsId],
  );
  const marks = useMemo(() => historyMarks(rows), [rows]);
  const sorted = useMemo(
    () =>
      sortPoints(
        rows.map((r, i) => ({ ...r, index: i })),
        sort.key,
        sort.dir,
      ),
    [rows, sort],
  );
  const markLabel: Record<HistoryMark, string> = { min: t`lowest`, max: t`highest`, last: t`last` };
  const onSort = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'desc' ? 'asc' : 'desc' }));
  if (history === undefined) return <p role="status">{t`Loading the stored history…`}</p>;

  const exportAll = () => {
    const data = entries.flatMap((e) =>
      (history.get(e.tsId) ?? []).map((h) => ({
        tsId: e.tsId,
        staNumber: e.staNumber,
        staName: e.staName,
        tsParameter: e.tsParameter ?? '',
        dt: h.dt,
        value: h.value ?? '',
        remark: [remarkText(h.staRemark), remarkText(h.tsRemark)].filter(Boolean).join(' · '),
      })),
    );
    downloadCsv(`${round.mrName}-history.csv`, data);
  };

  return (
    <div className="space-y-3">
      <HistoryMissing tsIds={tsIds.filter((id) => !history.has(id))} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          {t`Timeseries`}
          <select
            value={tsId}
            onChange={(e) => setChosen(e.target.value)}
            className="min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-800"
            data-testid="history-ts-select"
          >
            {entries.map((e) => (
              <option key={e.tsId} value={e.tsId}>
                {entryLabel(e)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={exportAll}>
          {t`Export CSV`}
        </Button>
      </div>
      {entry && rows.length === 0 && <p role="status">{t`No values stored for ${entryLabel(entry)}.`}</p>}
      {rows.length > 0 && (
        <table className="w-full max-w-3xl border-collapse text-sm" data-testid="history-table">
          <caption className="text-left font-semibold">{entry ? entryLabel(entry) : tsId}</caption>
          <thead>
            <tr className="border-b border-slate-400 text-left">
              <th
                scope="col"
                aria-sort={sort.key === 'dt' ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <SortButton label={t`Date`} column="dt" sort={sort} onSort={onSort} />
              </th>
              <th
                scope="col"
                className="text-right"
                aria-sort={sort.key === 'value' ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <SortButton label={t`Value`} column="value" sort={sort} onSort={onSort} />
              </th>
              <th scope="col" className="pl-3">
                {t`Marks`}
              </th>
              <th scope="col">{t`Remark`}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr
                key={`${r.dt}|${r.index}`}
                className={`border-b border-slate-200 dark:border-slate-800 ${r.draft ? 'bg-amber-50 dark:bg-amber-950' : ''}`}
              >
                <td className="py-1 tabular-nums">{fmt.dateTime(r.dt)}</td>
                <td className="py-1 text-right tabular-nums">{fmt.number(r.value)}</td>
                <td className="py-1 pl-3">
                  {r.draft && <span className="mr-1 rounded bg-amber-200 px-1 text-amber-950">{t`open round`}</span>}
                  {(marks.get(r.index) ?? []).map((m) => (
                    <span key={m} className="mr-1 rounded bg-slate-200 px-1 dark:bg-slate-700" data-mark={m}>
                      {markLabel[m]}
                    </span>
                  ))}
                </td>
                <td className="py-1">{r.remark}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** groupTimeseriesAnalysisTable (§2): history per timeseries by date with lowest, highest and last marked. */
export function HistoryTable() {
  const { t } = useLingui();
  const { group } = useParams({ from: '/analysis/table/$group' });
  return (
    <GroupScreen group={group} heading={t`History table`}>
      {(round) => <RoundHistory round={round} />}
    </GroupScreen>
  );
}
