import type { MeasureRoundEntry } from '../../schemas/api';
import type { Draft } from '../../schemas/forms/draft';
import { calculateFormula } from './formula';
import { parseNumberInput } from './numbers';

/** The last stored value of each timeseries of a round (§3 historic data `last`), for tsOp 'last'. */
export function lastValuesOf(entries: readonly MeasureRoundEntry[]): Map<string, number> {
  const values = new Map<string, number>();
  for (const e of entries) if (typeof e.last?.value === 'number') values.set(e.tsId, e.last.value);
  return values;
}

/** The numbers typed in this round per timeseries, for formula references without tsOp. */
export function roundValuesOf(drafts: readonly Draft[]): Map<string, number> {
  const values = new Map<string, number>();
  for (const d of drafts) {
    const parsed = parseNumberInput(d.text ?? '');
    if (parsed?.kind === 'number') values.set(d.tsId, parsed.value);
  }
  return values;
}

/** The calculated value of every formula entry of a round, from the round's drafts. */
export function calculatedValuesOf(
  entries: readonly MeasureRoundEntry[],
  drafts: readonly Draft[],
): Map<string, number> {
  const formulas = entries.filter((e) => e.tsFormula);
  const result = new Map<string, number>();
  if (formulas.length === 0) return result;
  const last = lastValuesOf(entries);
  const current = roundValuesOf(drafts);
  for (const e of formulas) {
    const value = calculateFormula(e.tsFormula as NonNullable<MeasureRoundEntry['tsFormula']>, last, current);
    if (value !== undefined) result.set(e.tsId, value);
  }
  return result;
}
