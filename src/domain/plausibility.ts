import type { MeasureRoundEntry } from '../../schemas/api';
import { INCIDENT_CODES, inputTypeOf } from './input-type';

/** §9 plausibility tolerance. */
export const PLAUSIBILITY_TOLERANCE = 1e-12;

export type PlausibilityResult =
  { kind: 'range'; min?: number; max?: number; deviation: number } | { kind: 'incident' };

type EntryShape = Pick<MeasureRoundEntry, 'tsId' | 'tsUnit' | 'tsParameter' | 'tsFormula' | 'tsPlausibilityCheck'>;

/**
 * §5: a value outside min..max (with tolerance) is implausible, with the deviation from the nearest bound;
 * an incident on a NO_STEADY_INCIDENT entry is an error; NO_YES is never implausible. Undefined = plausible.
 */
export function checkPlausibility(entry: EntryShape, value: number): PlausibilityResult | undefined {
  const type = inputTypeOf(entry);
  if (type === 'NO_YES') return undefined;
  if (type === 'NO_STEADY_INCIDENT') return value === INCIDENT_CODES.INCIDENT ? { kind: 'incident' } : undefined;
  const { min, max } = entry.tsPlausibilityCheck ?? {};
  if (min !== undefined && value < min - PLAUSIBILITY_TOLERANCE)
    return { kind: 'range', min, max, deviation: value - min };
  if (max !== undefined && value > max + PLAUSIBILITY_TOLERANCE)
    return { kind: 'range', min, max, deviation: value - max };
  return undefined;
}
