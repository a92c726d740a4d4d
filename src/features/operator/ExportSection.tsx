import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';
import {
  auditQuery,
  EMPTY_EXPORT_FORM,
  readingsQuery,
  type ExportFormProblem,
  type ReadingsExportForm,
} from '../../domain/operator-export';
import { readingZone } from '../../domain/zoned-time';
import { Button } from '../../ui/Button';
import { DateField } from '../readings/DateField';
import { download } from './operator-api';
import { OutcomeView, useOutcome } from './use-outcome';

const field = 'min-h-11 w-full rounded border border-slate-400 bg-white px-2 text-base dark:bg-slate-900';
const labelClass = 'flex flex-col gap-1 text-sm font-medium';

/**
 * The exports (docs/operator.md "Readings out"): submitted readings filtered by round, station, parameter and
 * days, as CSV (also for German Excel) or ZRXP; the audit of the chosen round; the network as it is stored.
 */
export function ExportSection() {
  const { t } = useLingui();
  const db = useDb();
  const zone = readingZone(useConfig().mez);
  const rounds = useObservable(() => db.rounds.find({ sort: [{ mrName: 'asc' }] }).$, [], [db]);
  const [form, setForm] = useState<ReadingsExportForm>(EMPTY_EXPORT_FORM);
  const [problem, setProblem] = useState<ExportFormProblem>();
  const { outcome, run } = useOutcome<{ fileName: string; skipped: string[] }>();
  const set = (change: Partial<ReadingsExportForm>) => {
    setProblem(undefined);
    setForm((f) => ({ ...f, ...change }));
  };

  // the choices follow the round (and station) chosen: a station of another round is no filter to offer
  const entries = useMemo(
    () => rounds.filter((r) => !form.mrId || r.mrId === form.mrId).flatMap((r) => r.entries),
    [rounds, form.mrId],
  );
  const stations = useMemo(
    () => [...new Map(entries.map((e) => [e.staNumber, e.staName])).entries()].sort(([a], [b]) => a.localeCompare(b)),
    [entries],
  );
  const parameters = useMemo(
    () =>
      [
        ...new Set(entries.filter((e) => !form.staNumber || e.staNumber === form.staNumber).map((e) => e.tsParameter)),
      ].sort(),
    [entries, form.staNumber],
  );

  const problemText: Record<ExportFormProblem, string> = {
    'from-after-to': t`The first day is after the last day.`,
    'from-invalid': t`The first day is not a date.`,
    'to-invalid': t`The last day is not a date.`,
  };
  const downloadReadings = () => {
    const q = readingsQuery(form, zone);
    if ('problem' in q) return setProblem(q.problem);
    void run(() => download(`/readings?${q.query}`, q.fileName));
  };
  const get = (path: string, name: string) => void run(() => download(path, name));
  const audit = auditQuery(form);

  return (
    <section aria-labelledby="exports-heading" className="space-y-3">
      <h2 id="exports-heading" className="text-xl font-semibold">
        <Trans>Exports</Trans>
      </h2>
      <p className="max-w-prose text-sm">
        <Trans>
          Submitted readings for the hydrological database (entries without an import number are named in the ZRXP file
          and left out), the audit of corrections and decisions, and the network as it is stored.
        </Trans>
      </p>
      <fieldset className="max-w-3xl space-y-3 rounded border border-slate-300 p-3 dark:border-slate-600">
        <legend className="px-1 font-semibold">
          <Trans>Readings</Trans>
        </legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <label className={labelClass}>
            <Trans>Measure round</Trans>
            <select
              className={field}
              value={form.mrId}
              onChange={(e) => set({ mrId: e.target.value, staNumber: '', tsParameter: '' })}
            >
              <option value="">{t`All rounds`}</option>
              {rounds.map((r) => (
                <option key={r.mrId} value={r.mrId}>
                  {r.mrName}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            <Trans>Station</Trans>
            <select
              className={field}
              value={form.staNumber}
              onChange={(e) => set({ staNumber: e.target.value, tsParameter: '' })}
            >
              <option value="">{t`All stations`}</option>
              {stations.map(([number, name]) => (
                <option key={number} value={number}>
                  {number} {name}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            <Trans>Parameter</Trans>
            <select className={field} value={form.tsParameter} onChange={(e) => set({ tsParameter: e.target.value })}>
              <option value="">{t`All parameters`}</option>
              {parameters.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            <Trans>First day</Trans>
            <DateField label={t`First day`} value={form.fromDay} onChange={(d) => set({ fromDay: d })} />
          </label>
          <label className={labelClass}>
            <Trans>Last day</Trans>
            <DateField label={t`Last day`} value={form.toDay} onChange={(d) => set({ toDay: d })} />
          </label>
          <label className={labelClass}>
            <Trans>Format</Trans>
            <select
              className={field}
              value={form.format}
              onChange={(e) => set({ format: e.target.value as ReadingsExportForm['format'] })}
            >
              <option value="csv">{t`CSV`}</option>
              <option value="excel-de">{t`CSV for German Excel (semicolons, decimal commas)`}</option>
              <option value="zrxp">{t`ZRXP`}</option>
            </select>
          </label>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={form.includeCorrected}
            onChange={(e) => set({ includeCorrected: e.target.checked })}
          />
          <Trans>Also the readings a later correction replaced</Trans>
        </label>
        {problem && (
          <p role="alert" className="font-semibold text-red-800 dark:text-red-300">
            {problemText[problem]}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={outcome.kind === 'busy'} onClick={downloadReadings}>
            <Trans>Download readings</Trans>
          </Button>
          <Button
            variant="secondary"
            disabled={outcome.kind === 'busy'}
            onClick={() => get(`/audit${audit ? `?${audit}` : ''}`, 'audit.csv')}
          >
            {form.mrId ? (
              <Trans>Corrections and decisions of the round (CSV)</Trans>
            ) : (
              <Trans>Corrections and decisions (CSV)</Trans>
            )}
          </Button>
        </div>
      </fieldset>
      <Button variant="secondary" disabled={outcome.kind === 'busy'} onClick={() => get('/network', 'network.zip')}>
        <Trans>Station network (zip)</Trans>
      </Button>
      <OutcomeView
        outcome={outcome}
        done={({ fileName, skipped }) => (
          <p role="status">
            {skipped.length
              ? t`${fileName} downloaded. Left out (no import number): ${skipped.join(', ')}.`
              : t`${fileName} downloaded.`}
          </p>
        )}
      />
    </section>
  );
}
