import { Plural, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { HistoricValue } from '../../../schemas/api';
import { useReplication } from '../../app/replication';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { compileRemarkFilter, filterRemarks } from '../../domain/analysis';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useConfig } from '../../db/reference-hooks';
import { HistoryMissing } from './ChartList';
import { GroupScreen } from './GroupScreen';
import { useHistory } from './use-analysis-data';

/** GET /completed-measure-round/timeseries-values through the replication, while the user asks for it. */
function useSubmittedValues(tsIds: readonly string[]): {
  on: boolean;
  setOn(on: boolean): void;
  values?: HistoricValue[];
  failed: boolean;
} {
  const replication = useReplication();
  const [on, setOn] = useState(false);
  const [answer, setAnswer] = useState<{ values?: HistoricValue[]; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!on) return;
    let live = true;
    setAnswer({ failed: false });
    replication.loadSubmittedValues(tsIds).then(
      (values) => live && setAnswer({ values, failed: false }),
      () => live && setAnswer({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [on, tsIds, replication]);
  return { on, setOn, ...answer };
}

function RoundRemarks({ round, initialFilter }: { round: RoundDoc; initialFilter: string }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const [source, setSource] = useState(initialFilter);
  const tsIds = useMemo(() => [...new Set(round.entries.map((e) => e.tsId))], [round.entries]);
  const names = useMemo(
    () =>
      new Map<string, string>(
        round.entries.map((e) => [e.tsId, `${e.staName} (${e.staNumber}) · ${e.tsName ?? e.tsParameter ?? ''}`]),
      ),
    [round.entries],
  );
  const stored = useHistory(tsIds);
  const submitted = useSubmittedValues(tsIds);
  // the stored history, or only what submitted rounds recorded, asked from the server on demand
  const history = useMemo(
    () => (submitted.on ? (submitted.values ? new Map([['', submitted.values]]) : undefined) : stored),
    [submitted.on, submitted.values, stored],
  );
  const filter = useMemo(() => compileRemarkFilter(source), [source]);
  const found = useMemo(
    () => (history && filter.ok ? filterRemarks([...history.values()].flat(), filter.regex) : []),
    [history, filter],
  );
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor="remark-filter" className="text-sm font-semibold">
          {t`Filter (regular expression)`}
        </label>
        <input
          id="remark-filter"
          value={source}
          onChange={(e) => setSource(e.target.value)}
          aria-invalid={!filter.ok}
          aria-describedby="remark-filter-error"
          className="min-h-11 max-w-xl rounded border border-slate-400 bg-white px-2 font-mono dark:bg-slate-800 aria-invalid:border-red-600"
          spellCheck={false}
          autoComplete="off"
        />
        <p
          id="remark-filter-error"
          role={filter.ok ? undefined : 'alert'}
          className="text-sm text-red-700 dark:text-red-300"
          data-testid="remark-filter-error"
        >
          {filter.ok ? '' : t`Invalid regular expression: ${filter.error}`}
        </p>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={submitted.on}
            onChange={(e) => submitted.setOn(e.target.checked)}
          />
          {t`Only remarks of submitted rounds (asked from the server)`}
        </label>
        {submitted.failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="submitted-remarks-error">
            {t`The remarks of submitted rounds could not be loaded from the server (no network?).`}
          </p>
        )}
      </div>
      {history === undefined ? (
        submitted.failed ? null : (
          <p role="status">{t`Loading the stored history…`}</p>
        )
      ) : (
        <>
          {!submitted.on && <HistoryMissing tsIds={tsIds.filter((id) => !history.has(id))} />}
          {filter.ok && (
            <p role="status" className="text-sm" data-testid="remark-count">
              <Plural value={found.length} one="# remark found" other="# remarks found" />
            </p>
          )}
          {found.length > 0 && (
            <table className="w-full border-collapse text-sm" data-testid="remark-table">
              <thead>
                <tr className="border-b border-slate-400 text-left">
                  <th scope="col">{t`Date`}</th>
                  <th scope="col">{t`Timeseries`}</th>
                  <th scope="col">{t`Kind`}</th>
                  <th scope="col">{t`Remark`}</th>
                </tr>
              </thead>
              <tbody>
                {found.map((r) => (
                  <tr key={`${r.tsId}|${r.dt}|${r.kind}`} className="border-b border-slate-200 dark:border-slate-800">
                    <td className="py-1 pr-2 tabular-nums">{fmt.dateTime(r.dt)}</td>
                    <td className="py-1 pr-2">{names.get(r.tsId) ?? r.tsId}</td>
                    <td className="py-1 pr-2">{r.kind === 'station' ? t`station remark` : t`timeseries remark`}</td>
                    <td className="py-1">{r.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}

/** groupTimeseriesAnalysisRemarks (§2): historic remarks filtered by the config's remarkAnalysisFilter (§9). */
export function RemarkAnalysis() {
  const { t } = useLingui();
  const { group } = useParams({ from: '/analysis/remarks/$group' });
  const config = useConfig();
  return (
    <GroupScreen group={group} heading={t`Remark analysis`}>
      {(round) => (
        <RoundRemarks key={config.remarkAnalysisFilter} round={round} initialFilter={config.remarkAnalysisFilter} />
      )}
    </GroupScreen>
  );
}
