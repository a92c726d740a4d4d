import { DateTime } from 'luxon';
import type { MeasureRoundEntry, PlausibilityCheck } from '../../schemas/api';

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
