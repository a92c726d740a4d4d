import { DateTime } from 'luxon';
import type { MeasureRoundEntry, PlausibilityCheck, PlausibilityPeriod } from '../../schemas/api';

export type LastValueFlag = 'outside' | 'bottom' | 'top';

/**
 * §5 last-value check: the last value against min/max of the *other* historic values. Outside that span
 * is flagged; equal to the lowest or highest is marked with a bottom or top symbol.
 */
export function checkLastValue(
  entry: Pick<MeasureRoundEntry, 'last' | 'minExcludingLast' | 'maxExcludingLast'>,
): LastValueFlag | undefined {
  const value = entry.last?.value;
  const { minExcludingLast: min, maxExcludingLast: max } = entry;
  if (value === undefined || value === null || min === undefined || max === undefined) return undefined;
  if (value < min || value > max) return 'outside';
  if (value === min) return 'bottom';
  if (value === max) return 'top';
  return undefined;
}

export type HistoricMessage =
  | { kind: 'future' }
  | { kind: 'tooOld'; days: number }
  | { kind: 'previousOutsideRange'; value: number; min?: number; max?: number };

/**
 * §5 further implausibility messages of a historic value: its date lies in the future, more than `maxDays`
 * in the past, or the previous value was outside the range that applied at its time.
 */
export function historicMessages(
  value: { dt: string; value: number | null },
  opts: { now: Date; maxDays: number; previous?: { value: number | null; range?: PlausibilityCheck } },
): HistoricMessage[] {
  const messages: HistoricMessage[] = [];
  const when = DateTime.fromISO(value.dt);
  const now = DateTime.fromJSDate(opts.now);
  if (when > now) messages.push({ kind: 'future' });
  else {
    const days = Math.floor(now.diff(when, 'days').days);
    if (days > opts.maxDays) messages.push({ kind: 'tooOld', days });
  }
  const prev = opts.previous;
  if (prev && prev.value !== null && prev.range) {
    const { min, max } = prev.range;
    if ((min !== undefined && prev.value < min) || (max !== undefined && prev.value > max))
      messages.push({ kind: 'previousOutsideRange', value: prev.value, min, max });
  }
  return messages;
}

/**
 * §5 "the range that applied then": the plausibility range in force at `dt`. A period of
 * `tsPlausibilityHistory` covering `dt` (from inclusive, to exclusive) wins; outside every period, or for a
 * time that cannot be read, or without a history (the spec has no field for past ranges), today's
 * `tsPlausibilityCheck` is the best knowledge there is.
 */
export function rangeInForceAt(
  entry: Pick<MeasureRoundEntry, 'tsPlausibilityCheck'> & { tsPlausibilityHistory?: readonly PlausibilityPeriod[] },
  dt: string,
): PlausibilityCheck | undefined {
  const at = Date.parse(dt);
  if (Number.isFinite(at)) {
    for (const period of entry.tsPlausibilityHistory ?? []) {
      const from = period.from === undefined ? -Infinity : Date.parse(period.from);
      const to = period.to === undefined ? Infinity : Date.parse(period.to);
      if (Number.isNaN(from) || Number.isNaN(to)) continue;
      if (at >= from && at < to) return { min: period.min, max: period.max };
    }
  }
  return entry.tsPlausibilityCheck;
}
