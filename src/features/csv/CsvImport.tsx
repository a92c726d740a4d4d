import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type DragEvent } from 'react';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useConfig } from '../../db/reference-hooks';
import { CSV_MAX_BYTES, type CsvFileProblem } from '../../domain/csv-file';
import { decimalSeparator } from '../../domain/locale-format';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { GroupScreen } from '../analysis/GroupScreen';
import type { CsvAnalysis } from '../../domain/csv-analysis';
import { CsvPreview } from './CsvPreview';
import { importCsvPlan } from './import-plan';
import { readCsvFile } from './read-csv-file';

type State =
  | { step: 'choose' }
  | { step: 'reading'; name: string }
  | { step: 'preview'; name: string; analysis: CsvAnalysis }
  | { step: 'imported'; date: string; count: number }
  | { step: 'failed'; message: string };

function useProblemText(): (p: CsvFileProblem) => string {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  return (p) => {
    switch (p.kind) {
      case 'empty':
        return t`The file is empty or has no data lines. Nothing was imported.`;
      case 'tooLarge':
        return t`The file is ${fmt.number(Math.round(p.size / 1024 / 1024))} MB; at most ${fmt.number(p.limit / 1024 / 1024)} MB can be imported. Nothing was imported.`;
      case 'binary':
        return t`This is not a text file (perhaps a spreadsheet or image renamed .csv). Save it as CSV and try again. Nothing was imported.`;
      case 'encoding':
        return t`The file is not UTF-8 encoded. Save it as "CSV UTF-8" and try again. Nothing was imported.`;
      case 'wrongColumns':
        return t`The file has ${p.found} columns, but the import reads column ${p.expected}. Check the file or the CSV settings. Nothing was imported.`;
      case 'unreadable':
        return t`The file could not be read (${p.reason}). Nothing was imported.`;
    }
  };
}

function RoundImport({ round }: { round: RoundDoc }) {
  const { t } = useLingui();
  const db = useDb();
  const config = useConfig();
  const fmt = useLocaleFormat();
  const problemText = useProblemText();
  const [state, setState] = useState<State>({ step: 'choose' });
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const csv = config.csvImporter;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ step: 'reading', name: file.name });
    const analysis = await readCsvFile(file, csv, round.entries);
    setState({ step: 'preview', name: file.name, analysis });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  };
  const doImport = async () => {
    if (state.step !== 'preview' || !state.analysis.ok) return;
    const { plan } = state.analysis;
    if (!plan.date || plan.imports.length === 0) return;
    setBusy(true);
    try {
      await importCsvPlan(
        db,
        round,
        { ...plan, date: plan.date },
        { ...(csv.team ? { team: csv.team } : {}), decimalComma: decimalSeparator(fmt.locale) === ',' },
      );
      setState({ step: 'imported', date: plan.date, count: plan.imports.length });
    } catch (e) {
      console.error('CSV import failed', e);
      setState({ step: 'failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t`Columns: date ${csv.dateColumn}, time ${csv.timeColumn}, value ${csv.valueColumn}, remark ${csv.remarkColumn || '–'}; data from line ${csv.startRow}; date format ${csv.dateTimeFormat}. The lines are assigned in order to the timeseries of the round that have an import number. Up to ${fmt.number(CSV_MAX_BYTES / 1024 / 1024)} MB, UTF-8.`}
        {csv.unitOverride ? ` ${t`Unit: ${csv.unitOverride}`}` : ''}
      </p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="csv-drop-zone"
        className={`flex flex-col items-center gap-2 rounded border-2 border-dashed p-6 ${dragging ? 'border-sky-600 bg-sky-50 dark:bg-slate-800' : 'border-slate-400'}`}
      >
        <p>{t`Drop a CSV file here, or`}</p>
        <label className="inline-flex min-h-11 cursor-pointer items-center rounded bg-sky-700 px-4 font-semibold text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 hover:bg-sky-800">
          {t`Choose a CSV file`}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            data-testid="csv-file-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {state.step === 'reading' && <p role="status">{t`Reading ${state.name}…`}</p>}
      {state.step === 'preview' && !state.analysis.ok && (
        <Alert type="danger" testId="csv-file-error">
          {state.name}: {problemText(state.analysis.problem)}
        </Alert>
      )}
      {state.step === 'preview' && state.analysis.ok && (
        <>
          <CsvPreview plan={state.analysis.plan} preview={state.analysis.preview} />
          {state.analysis.plan.imports.length === 0 ? (
            <Alert type="warning">{t`No line of the file can be imported.`}</Alert>
          ) : (
            <Button onClick={() => void doImport()} disabled={busy} data-testid="csv-import-button">
              {t`Import ${state.analysis.plan.imports.length} values into the round of ${fmt.date(state.analysis.plan.date)}`}
            </Button>
          )}
        </>
      )}
      {state.step === 'imported' && (
        <Alert type="success" testId="csv-imported">
          <Trans>
            Round imported: {state.count} values in the round of {fmt.date(state.date)}.
          </Trans>{' '}
          <Link
            to="/stations/$group/$date"
            params={{ group: round.mrName, date: state.date }}
            className="font-semibold underline"
          >
            <Trans>Open the table to check and submit</Trans>
          </Link>
        </Alert>
      )}
      {state.step === 'failed' && <Alert type="danger">{t`Error saving data: ${state.message}`}</Alert>}
    </div>
  );
}

/** csvImporter (§2): choose or drop a CSV, check the preview, import into the round's drafts. */
export function CsvImport() {
  const { t } = useLingui();
  const { group } = useParams({ from: '/csv/$group' });
  return (
    <GroupScreen group={group} heading={t`CSV import`}>
      {(round) => <RoundImport round={round} />}
    </GroupScreen>
  );
}
