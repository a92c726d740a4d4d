import { DECISION1_VALUES, DECISION2_VALUES, type CompletedEntry } from '../../schemas/api';
import { INCIDENT_CODES, inputTypeOf } from './input-type';
import { checkPlausibility } from './plausibility';

export type Decision1 = (typeof DECISION1_VALUES)[number];
export type Decision2 = (typeof DECISION2_VALUES)[number];

/** §4: timeseries ids ending in -VB plus digits get the reduced first-stage options. */
export const VB_TS_ID = /-VB\d+$/;

export function decision1Options(tsId: string): readonly Decision1[] {
  return VB_TS_ID.test(tsId)
    ? ['NOT_CRITICAL', 'FURTHER_ASSESSMENT']
    : ['NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT'];
}

export const DECISION2_OPTIONS: readonly Decision2[] = ['ACTION_REQUIRED', 'NOT_SAFETY_RELEVANT'];

/** Stage-1 decisions that hand the entry to the second decider. */
export const ESCALATING_DECISION1: ReadonlySet<Decision1> = new Set(['FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT']);

/**
 * An entry needs the first decider when it reports an incident or an implausible value, in its value or
 * in its valueAfter (the second reading is as much a measurement as the first).
 */
export function needsDecision1(entry: CompletedEntry): boolean {
  return [entry.value, entry.valueAfter].some((value) => {
    if (typeof value !== 'number') return false;
    if (inputTypeOf(entry) === 'NO_STEADY_INCIDENT') return value === INCIDENT_CODES.INCIDENT;
    return checkPlausibility(entry, value) !== undefined;
  });
}

/** Which decision stages a submitted round still needs (docs/domain.md). */
export function decisionsRequired(entries: readonly CompletedEntry[]): {
  userDecision1Required: boolean;
  userDecision2Required: boolean;
} {
  const flagged = entries.filter(needsDecision1);
  return {
    userDecision1Required: flagged.length > 0,
    userDecision2Required: flagged.some(
      (e) => e.decision1Value !== undefined && e.decision1Value !== null && ESCALATING_DECISION1.has(e.decision1Value),
    ),
  };
}
