import { DECISION1_VALUES, DECISION2_VALUES, type CompletedEntry } from '../../schemas/api';
import { checkPlausibility, type PlausibilityResult } from './plausibility';

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

/** Why an entry needs the first decider: the incident or implausible value, per reading. */
export interface DecisionReason {
  reading: 'value' | 'valueAfter';
  result: PlausibilityResult;
}

/**
 * An entry needs the first decider when it reports an incident or an implausible value, in its value or
 * in its valueAfter (the second reading is as much a measurement as the first). The decision card shows these.
 */
export function decisionReasonsOf(entry: CompletedEntry): DecisionReason[] {
  return (['value', 'valueAfter'] as const).flatMap((reading) => {
    const value = entry[reading];
    if (typeof value !== 'number') return [];
    // §5: on a NO_STEADY_INCIDENT entry only the incident is a reason, which checkPlausibility reports as such
    const result = checkPlausibility(entry, value);
    return result ? [{ reading, result }] : [];
  });
}

export function needsDecision1(entry: CompletedEntry): boolean {
  return decisionReasonsOf(entry).length > 0;
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
