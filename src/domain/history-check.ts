import type { MeasureRoundEntry } from '../../schemas/api';
import { inputTypeOf } from './input-type';

/**
 * The factors of the usual unit slips: minutes ↔ seconds or hours ↔ minutes (l/min typed where l/s is
 * measured) and milli ↔ base unit (mm ↔ m, l ↔ m³).
 */
export const UNIT_SLIP_FACTORS = [60, 1000] as const;

/** How far a value converted by a slip factor may still lie from the history's range and count as "landing in it". */
const SLIP_LANDING_TOLERANCE = 1.25;

/** Why a value stands out against its station's own history. */
export type HistoryFinding =
  | { kind: 'unusual'; min: number; max: number; reason: 'spread' }
  | { kind: 'unusual'; min: number; max: number; reason: 'factor'; factor: number };

type HistoryShape = Pick<MeasureRoundEntry, 'tsId' | 'tsUnit' | 'tsParameter' | 'tsFormula' | 'min' | 'max'>;

/** Whether x lies in [min, max] widened by the landing tolerance (ranges of positive values only). */
function landsIn(x: number, min: number, max: number): boolean {
  return x >= min / SLIP_LANDING_TOLERANCE && x <= max * SLIP_LANDING_TOLERANCE;
}

/**
 * A value far outside the station's own history: beyond the historic min/max by more than the history's
 * spread (max − min), or off by a factor near 60 or 1,000 (the value times or divided by the factor lands in
 * the history's range), the classic unit mix-up the plausibility range is often too wide to catch.
 * Undefined when the value is usual, or there is no history to compare with. Choices (NO_YES, incidents)
 * are never unusual.
 */
export function checkAgainstHistory(entry: HistoryShape, value: number): HistoryFinding | undefined {
  const type = inputTypeOf(entry);
  if (type === 'NO_YES' || type === 'NO_STEADY_INCIDENT') return undefined;
  const { min, max } = entry;
  if (min === undefined || max === undefined || !Number.isFinite(value) || min > max) return undefined;
  if (value >= min && value <= max) return undefined;
  const spread = max - min;
  // one value or a constant series has no spread to measure "far" by: only a slip factor says anything then
  if (spread > 0 && (value < min - spread || value > max + spread))
    return { kind: 'unusual', min, max, reason: 'spread' };
  if (min > 0 && value > 0) {
    // how many times beyond the nearest bound: a value just past a wide range (1,500 beside 1 … 1,000) is no slip
    const off = value > max ? value / max : min / value;
    for (const factor of UNIT_SLIP_FACTORS) {
      if (off < Math.sqrt(factor)) continue;
      if (landsIn(value / factor, min, max) || landsIn(value * factor, min, max))
        return { kind: 'unusual', min, max, reason: 'factor', factor };
    }
  }
  return undefined;
}
