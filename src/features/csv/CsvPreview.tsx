import { useLingui } from '@lingui/react/macro';
import type { CsvPlan, CsvPlanRow, CsvRowProblem } from '../../domain/csv-plan';
import type { CsvPreviewData } from '../../domain/csv-analysis';
import { useLocaleFormat } from '../../app/use-locale-format';

function useProblemLabel(): (p: CsvRowProblem) => string {
  const { t } = useLingui();
  return (p) =>
    ({
      missingDate: t`date missing`,
      badDate: t`date not readable`,
      badValue: t`value is not a number`,
      noEntry: t`no timeseries left for this line`,
      notImportable: t`this input type cannot be imported`,
      badCode: t`not an allowed code`,
      otherDate: t`other date than the round`,
    })[p];
}

function Status({ row }: { row: CsvPlanRow }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const label = useProblemLabel();
  if (row.noImportNumber)
    return <span className="text-slate-600 dark:text-slate-400">{t`no import number defined`}</span>;
  if (row.problem) return <span className="font-semibold text-red-700 dark:text-red-300">{label(row.problem)}</span>;
  if (row.line === undefined)
    return <span className="text-slate-600 dark:text-slate-400">{t`no line in the file`}</span>;
  if (row.implausible?.kind === 'range')
    return (
      <span className="font-semibold text-amber-700 dark:text-amber-300">{t`implausible: ${fmt.number(row.implausible.min)} … ${fmt.number(row.implausible.max)} (deviation ${fmt.number(row.implausible.deviation)})`}</span>
    );
  if (row.implausible?.kind === 'incident')
    return <span className="font-semibold text-amber-700 dark:text-amber-300">{t`incident`}</span>;
  return <span className="text-green-700 dark:text-green-300">{t`will be imported`}</span>;
}

function rowKind(row: CsvPlanRow): string {
  if (row.problem) return 'error';
  if (row.noImportNumber) return 'no-import-number';
  if (row.line === undefined) return 'no-line';
  return row.implausible ? 'implausible' : 'ok';
}

/** The preview: one row per entry of the round and per surplus line, with its verdict; nothing is stored yet. */
export function CsvPreview({ plan, preview }: { plan: Omit<CsvPlan, 'rows'>; preview: CsvPreviewData }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const { errors, implausible, rows: shown, omitted } = preview;
  return (
    <div className="space-y-2">
      <p role="status" data-testid="csv-summary">
        {t`Values to import: ${plan.imports.length} · lines with errors: ${errors} · implausible: ${implausible}`}
      </p>
      <div className="max-h-[60vh] overflow-auto">
        <table className="w-full border-collapse text-sm" data-testid="csv-preview">
          <thead className="sticky top-0 bg-white dark:bg-slate-950">
            <tr className="border-b border-slate-400 text-left">
              <th scope="col">{t`Line`}</th>
              <th scope="col">{t`Station`}</th>
              <th scope="col">{t`Parameter`}</th>
              <th scope="col">{t`Date/time`}</th>
              <th scope="col" className="pr-3 text-right">
                {t`Value`}
              </th>
              <th scope="col">{t`Remark`}</th>
              <th scope="col">{t`Status`}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r, i) => (
              <tr
                key={`${r.entry?.tsId ?? ''}|${r.line ?? ''}|${i}`}
                data-kind={rowKind(r)}
                data-line={r.line}
                className={`border-b border-slate-200 dark:border-slate-800 ${r.problem ? 'bg-red-50 dark:bg-red-950' : r.implausible ? 'bg-amber-50 dark:bg-amber-950' : ''}`}
              >
                <td className="py-1 pr-2 tabular-nums">{r.line ?? '–'}</td>
                <td className="py-1 pr-2">{r.entry ? `${r.entry.staName} (${r.entry.staNumber})` : '–'}</td>
                <td className="py-1 pr-2">
                  {r.entry ? `${r.entry.tsParameter ?? ''} ${r.csv?.unit ?? r.entry.tsUnit ?? ''}` : '–'}
                </td>
                <td className="py-1 pr-2 tabular-nums">{r.csv ? fmt.dateTime(r.csv.dt) : '–'}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {r.csv ? (
                    fmt.number(r.csv.value)
                  ) : r.raw ? (
                    <span className="font-mono">{r.raw.join(' ; ')}</span>
                  ) : (
                    '–'
                  )}
                </td>
                <td className="py-1 pr-2">{r.csv?.remark ?? ''}</td>
                <td className="py-1">
                  <Status row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {omitted > 0 && <p className="text-sm">{t`${omitted} further lines are not listed.`}</p>}
    </div>
  );
}
