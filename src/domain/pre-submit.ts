import * as v from 'valibot';
import { MeasureRoundPostSchema, type MeasureRoundEntry } from '../../schemas/api';
import { checkDate, combineDateAndTime, PAST_DATE_LIMIT_DAYS, type DateProblem } from './dates';
import { DEFAULT_ZONE, isIsoCalendarDate, shiftIsoDate, todayIn } from './zoned-time';
import { isStationComplete } from './filled';
import { historicMessages, rangeInForceAt, type HistoricMessage } from './historic';
import { checkAgainstHistory, type HistoryFinding } from './history-check';
import { INCIDENT_CODES, inputTypeOf } from './input-type';
import { isSendableNumber } from './numbers';
import { checkPlausibility } from './plausibility';
import { isObligatory } from './station';
import { stationsWithoutEntries, type SubmissionError } from './submission';

/**
 * §5 date check of the round's date: a date after today is in the future; one more than 10 whole days
 * before now is too old. The round's date is taken at its first minute, so today is never "future".
 */
export function checkRoundDate(date: string, now: Date): DateProblem | undefined {
  // A date of the last nine days on the stations' calendar breaks neither rule (its first minute lies before now and
  // less than ten days and a day back), so it needs no calendar arithmetic: luxon's first use was a long task in the
  // first render of a table on a phone (docs/benchmarks.md). Only a date near or past a limit takes the full check.
  if (isIsoCalendarDate(date)) {
    const today = todayIn(DEFAULT_ZONE, now);
    if (date <= today && date >= shiftIsoDate(today, -(PAST_DATE_LIMIT_DAYS - 1))) return undefined;
  }
  const start = combineDateAndTime(date, '00:00');
  return start ? checkDate(start, now) : undefined;
}

export type ImplausibleReason =
  | { kind: 'range'; min?: number; max?: number; deviation: number }
  | Exclude<HistoricMessage, { kind: 'tooOld' }>
  | HistoryFinding;

export interface ImplausibleValue {
  entry: MeasureRoundEntry;
  value: number;
  reasons: ImplausibleReason[];
}

/**
 * §5 implausibility of a value about to be sent: outside the timeseries' plausibility range, timed in the
 * future, following a last value that was outside the range, or unusual compared with the station's own
 * history (a unit slip). "Too old" is left to the round's date check (one finding for the round
 * instead of one per value).
 */
export function implausibleReasons(entry: MeasureRoundEntry, now: Date): ImplausibleReason[] {
  if (!isSendableNumber(entry.value)) return [];
  const reasons: ImplausibleReason[] = [];
  const range = checkPlausibility(entry, entry.value);
  if (range?.kind === 'range') reasons.push(range);
  const unusual = checkAgainstHistory(entry, entry.value);
  if (unusual) reasons.push(unusual);
  if (entry.dt) {
    const last = entry.last;
    const previous = last ? { value: last.value, range: rangeInForceAt(entry, last.dt) } : undefined;
    for (const m of historicMessages(
      { dt: entry.dt, value: entry.value },
      { now, maxDays: PAST_DATE_LIMIT_DAYS, previous },
    )) {
      if (m.kind !== 'tooOld') reasons.push(m);
    }
  }
  return reasons;
}

/**
 * An incident (code 2 of a NO_STEADY_INCIDENT entry) is unassessed when the observer wrote nothing about
 * it: no remark text and no photo on the entry. The two decision roles assess it after the round, but
 * they need the observer's description to do so (§8 prompt "unassessed incidents").
 */
export function isUnassessedIncident(entry: MeasureRoundEntry): boolean {
  if (inputTypeOf(entry) !== 'NO_STEADY_INCIDENT' || entry.value !== INCIDENT_CODES.INCIDENT) return false;
  const remark = entry.tsRemark;
  return (remark?.text ?? '').trim() === '' && (remark?.images?.length ?? 0) === 0;
}

export interface StationRef {
  staNumber: string;
  staName: string;
}

/**
 * §8 incomplete tour: obligatory stations (those with an ordinal, §3) that are not complete (§4: no
 * filled entry and no task done). Optional stations are optional by definition and never make a tour
 * incomplete.
 */
export function incompleteStations(
  entries: readonly MeasureRoundEntry[],
  opts = { formulaGenerator: false },
): StationRef[] {
  const byStation = new Map<string, MeasureRoundEntry[]>();
  for (const e of entries) byStation.set(e.staNumber, [...(byStation.get(e.staNumber) ?? []), e]);
  return [...byStation.values()]
    .filter((list) => list.some(isObligatory) && !isStationComplete(list, opts))
    .map((list) => ({ staNumber: list[0]?.staNumber ?? '', staName: list[0]?.staName ?? '' }));
}

export interface PreSubmitFindings {
  /** the round's date is in the future (blocks) or more than 10 days back (needs a confirmation) */
  roundDate?: DateProblem;
  implausible: ImplausibleValue[];
  unassessedIncidents: MeasureRoundEntry[];
  incompleteStations: StationRef[];
  /** §8 "Expecting at least one entry" */
  emptyStations: SubmissionError[];
}

/** Everything §4, §5 and §8 ask about a round before it is sent, from its entries with the typed data applied. */
export function preSubmitFindings(
  entries: readonly MeasureRoundEntry[],
  opts: {
    date: string;
    now: Date;
    formulaGenerator?: boolean;
    stations?: readonly { staNumber: string; entries: readonly unknown[] }[];
  },
): PreSubmitFindings {
  const implausible = entries
    .map((entry) => ({ entry, value: entry.value as number, reasons: implausibleReasons(entry, opts.now) }))
    .filter((x) => x.reasons.length > 0);
  return {
    roundDate: checkRoundDate(opts.date, opts.now),
    implausible,
    unassessedIncidents: entries.filter(isUnassessedIncident),
    incompleteStations: incompleteStations(entries, { formulaGenerator: opts.formulaGenerator ?? false }),
    emptyStations: stationsWithoutEntries(opts.stations ?? []),
  };
}

export type ConfirmationStep = 'implausible' | 'incidents' | 'incompleteTour';

/**
 * What blocks a submission outright (a future date, a station without entries) and which prompts the user
 * confirms one after the other; a past date is confirmed together with the implausible values.
 */
export function submissionPlan(f: PreSubmitFindings): { blocked: boolean; steps: ConfirmationStep[] } {
  const blocked = f.roundDate?.kind === 'future' || f.emptyStations.length > 0;
  const steps: ConfirmationStep[] = [];
  if (f.implausible.length > 0 || f.roundDate?.kind === 'past') steps.push('implausible');
  if (f.unassessedIncidents.length > 0) steps.push('incidents');
  if (f.incompleteStations.length > 0) steps.push('incompleteTour');
  return { blocked, steps };
}

export interface PostIssue {
  /** dot path of the field, e.g. `entries.3.value` or `mrTeam` */
  path: string;
  /** the schema's or builder's English message: for support and logs, never shown (the UI translates) */
  message: string;
  /** the builder's reason (§5/§8), which the UI translates; absent for a schema issue, named by its path */
  error?: SubmissionError;
}

/** §5: round payloads are schema-validated before sending; one issue per field, naming it. */
export function validatePost(post: unknown): PostIssue[] {
  const result = v.safeParse(MeasureRoundPostSchema, post);
  if (result.success) return [];
  const byPath = new Map<string, PostIssue>();
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (!byPath.has(path)) byPath.set(path, { path, message: issue.message });
  }
  return [...byPath.values()];
}
