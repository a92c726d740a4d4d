import { isIsoCalendarDate, isoToEpoch, shiftIsoDate } from './zoned-time';

/** What the operator screen's export form holds: each field empty means "all". */
export interface ReadingsExportForm {
  mrId: string;
  staNumber: string;
  tsParameter: string;
  /** first calendar day YYYY-MM-DD (in the readings' zone), or '' */
  fromDay: string;
  /** last calendar day YYYY-MM-DD, inclusive, or '' */
  toDay: string;
  format: 'csv' | 'excel-de' | 'zrxp';
  includeCorrected: boolean;
}

export const EMPTY_EXPORT_FORM: ReadingsExportForm = {
  mrId: '',
  staNumber: '',
  tsParameter: '',
  fromDay: '',
  toDay: '',
  format: 'csv',
  includeCorrected: false,
};

export type ExportFormProblem = 'from-after-to' | 'from-invalid' | 'to-invalid';

/** The start of a calendar day in `zone`, as ISO UTC; undefined when it is no real date. */
export function dayStartIso(day: string, zone: string): string | undefined {
  if (!isIsoCalendarDate(day)) return undefined;
  const ms = isoToEpoch(`${day}T00:00`, zone);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

/**
 * The admin API's query (`GET /admin/readings`, docs/operator.md) for the form, or the problem that keeps it from
 * being asked. Days are the readings' zone's calendar days (Europe/Vienna, or UTC+1 all year with `mez`); the
 * last day counts whole, so `to` is the start of the day after it (the API's `to` is exclusive).
 */
export function readingsQuery(
  form: ReadingsExportForm,
  zone: string,
): { query: string; fileName: string } | { problem: ExportFormProblem } {
  const params = new URLSearchParams();
  params.set('format', form.format === 'zrxp' ? 'zrxp' : 'csv');
  if (form.format === 'excel-de') params.set('csv', 'excel-de');
  if (form.mrId) params.set('mrId', form.mrId);
  if (form.staNumber) params.set('staNumber', form.staNumber);
  if (form.tsParameter) params.set('tsParameter', form.tsParameter);
  const from = form.fromDay ? dayStartIso(form.fromDay, zone) : undefined;
  if (form.fromDay && !from) return { problem: 'from-invalid' };
  if (form.toDay && !isIsoCalendarDate(form.toDay)) return { problem: 'to-invalid' };
  const to = form.toDay ? dayStartIso(shiftIsoDate(form.toDay, 1), zone) : undefined;
  if (from && to && from >= to) return { problem: 'from-after-to' };
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (form.includeCorrected) params.set('corrected', '1');
  return { query: params.toString(), fileName: form.format === 'zrxp' ? 'readings.zrx' : 'readings.csv' };
}

/** The audit export's query: the same round and CSV flavour as the readings form. */
export function auditQuery(form: Pick<ReadingsExportForm, 'mrId' | 'format'>): string {
  const params = new URLSearchParams();
  if (form.mrId) params.set('mrId', form.mrId);
  if (form.format === 'excel-de') params.set('csv', 'excel-de');
  return params.toString();
}
