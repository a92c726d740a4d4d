import { draftTimestamp } from '../../domain/draft-time';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { Draft } from '../../../schemas/db/offline-instance-doc';
import { calculatedValuesOf } from '../../domain/formula-values';
import {
  checkAgainstHistory,
  checkLastValue,
  checkPlausibility,
  formatOrdinal,
  isFilledEntry,
  isObligatory,
  isRemarkDisabled,
  parseNumberInput,
  readsRoundValues,
  rowStatus,
  stationTitle,
  type HistoryFinding,
  type LastValueFlag,
  type PlausibilityResult,
  type RowStatus,
} from '../../domain';

export type RowPlausibility = PlausibilityResult;

/** What one table row shows, derived from the round entry and the user's draft. */
export interface RowModel {
  entry: MeasureRoundEntry;
  draft?: Draft;
  label: string;
  defaultTime: string;
  /** the typed text is not a number, a dash or empty */
  invalid: boolean;
  value?: number;
  dt?: string;
  hasContent: boolean;
  plausibility?: RowPlausibility;
  /** far outside the station's own history (a unit slip?), asked for at submit like an implausible value */
  unusual?: HistoryFinding;
  status: RowStatus | 'none';
  lastValueText: string;
  /** §5 last-value check against the other historic values */
  lastValueFlag?: LastValueFlag;
  remarkDisabled: boolean;
  /** §3 calculated value of a formula entry, when the formula generator is configured and it reads this round */
  calculatedValue?: number;
}

export interface StationGroup {
  staNumber: string;
  title: string;
  ordinal?: string;
  obligatory: boolean;
  entries: MeasureRoundEntry[];
}

export interface RowContext {
  date: string;
  defaultTime: string;
  now: Date;
  /** config tsFormulaGenerator: a calculated value makes a formula entry filled (§4) */
  formulaGenerator?: boolean;
  /** the zone the typed times are in (§5 MEZ mode); the stations' wall clock when absent */
  zone?: string;
}

/** The accessible name of an entry's inputs: station name, station number and parameter. */
export function entryLabel(entry: MeasureRoundEntry): string {
  return `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`;
}

/** Previous row models by tsId, so an unchanged row keeps its object and its memoized component skips. */
export type RowCache = Map<string, { entry: MeasureRoundEntry; key: string; row: RowModel }>;

export function buildRowModels(
  entries: readonly MeasureRoundEntry[],
  drafts: readonly Draft[],
  ctx: RowContext,
  cache?: RowCache,
): RowModel[] {
  const byTs = new Map(drafts.map((d) => [d.tsId, d]));
  const calculated = calculatedValuesOf(entries, drafts);
  return entries.map((entry) => {
    const draft = byTs.get(entry.tsId);
    const calc = calculated.get(entry.tsId);
    const key = `${draft?.updatedAt ?? 0}\u0000${calc ?? ''}\u0000${ctx.date}\u0000${ctx.defaultTime}\u0000${ctx.formulaGenerator ?? ''}\u0000${ctx.zone ?? ''}`;
    const cached = cache?.get(entry.tsId);
    if (cached && cached.entry === entry && cached.key === key) return cached.row;
    const row = buildRow(entry, draft, ctx, calc);
    cache?.set(entry.tsId, { entry, key, row });
    return row;
  });
}

/**
 * One row from the entry and its draft; `calculated` is the formula's value from the round's drafts.
 * Content follows §4 "Filled entry" (value, calculated value, discharge protocol, depth profile, remarks).
 */
export function buildRow(
  entry: MeasureRoundEntry,
  draft: Draft | undefined,
  ctx: RowContext,
  calculated?: number,
): RowModel {
  const parsed = parseNumberInput(draft?.text ?? '');
  const value = parsed?.kind === 'number' ? parsed.value : undefined;
  const remark = draft?.remark?.trim() ?? '';
  const staRemark = draft?.staRemark?.trim() ?? '';
  const dt = draftTimestamp(ctx.date, draft?.time, ctx);
  const calculatedValue =
    ctx.formulaGenerator && entry.tsFormula && readsRoundValues(entry.tsFormula) ? calculated : undefined;
  const hasContent = isFilledEntry(
    {
      ...entry,
      staTasks: undefined,
      staFacilities: undefined,
      value,
      calculatedValue,
      tsRemark: remark ? { text: remark } : undefined,
      staRemark: staRemark ? { text: staRemark } : undefined,
      dischargeProtocol: draft?.dischargeProtocol,
      depthProfile: draft?.depthProfile,
    },
    { formulaGenerator: ctx.formulaGenerator === true },
  );
  const plausibility = value !== undefined ? checkPlausibility(entry, value) : undefined;
  const unusual = value !== undefined ? checkAgainstHistory(entry, value) : undefined;
  const last = entry.last;
  return {
    entry,
    draft,
    label: entryLabel(entry),
    defaultTime: ctx.defaultTime,
    invalid: parsed === undefined,
    value,
    dt,
    hasContent,
    plausibility: plausibility ?? undefined,
    ...(unusual ? { unusual } : {}),
    status:
      rowStatus({
        hasContent,
        hasDate: dt !== undefined,
        implausible: plausibility?.kind === 'range' || unusual !== undefined,
        hasValue: value !== undefined || calculatedValue !== undefined,
        obligatory: isObligatory(entry),
        hasSameDay: (entry.sameDay?.length ?? 0) > 0,
      }) ?? 'none',
    lastValueText: last && last.value !== null ? `${last.value}` : '–',
    lastValueFlag: checkLastValue(entry),
    remarkDisabled: isRemarkDisabled(entry, value),
    ...(calculatedValue !== undefined ? { calculatedValue } : {}),
  };
}

/** Groups a round's entries by station, in the order of the round. */
export function groupEntriesByStation(entries: readonly MeasureRoundEntry[], titleTemplate: string): StationGroup[] {
  const groups = new Map<string, StationGroup>();
  for (const e of entries) {
    let g = groups.get(e.staNumber);
    if (!g) {
      g = {
        staNumber: e.staNumber,
        title: stationTitle(e, titleTemplate),
        ordinal: formatOrdinal(e),
        obligatory: isObligatory(e),
        entries: [],
      };
      groups.set(e.staNumber, g);
    }
    g.entries.push(e);
  }
  return [...groups.values()];
}

export type SubmitProblem = { kind: 'dateTimeMissing' | 'invalidNumber'; entry: MeasureRoundEntry };

/** §5: saving requires a date for each filled entry; only valid numbers are sent. */
export function validateBeforeSubmit(rows: readonly RowModel[]): SubmitProblem[] {
  const problems: SubmitProblem[] = [];
  for (const row of rows) {
    if (row.invalid) problems.push({ kind: 'invalidNumber', entry: row.entry });
    else if (row.hasContent && !row.dt) problems.push({ kind: 'dateTimeMissing', entry: row.entry });
  }
  return problems;
}
