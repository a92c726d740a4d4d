import type { MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import { api, type TestServer } from './harness';

export interface PickedEntry {
  entry: MeasureRoundEntry;
  label: string;
  /** a value inside the plausibility range */
  good: number;
}

/** A value typed as a plain number: no formula, dialog or choice, with a plausibility range. */
export function isPlainNumeric(e: MeasureRoundEntry): boolean {
  return (
    !e.tsFormula &&
    !/^\d+-null$/.test(e.tsId) &&
    e.tsPlausibilityCheck?.min !== undefined &&
    e.tsPlausibilityCheck.max !== undefined &&
    !['l/s', 'l/min', 'nein/ja', 'nein/unverändert/Ereignis'].includes(e.tsUnit ?? '') &&
    e.tsParameter !== 'SWW'
  );
}

/** Picks plain numeric entries with a plausibility range from the demo round, so tests need no fixed ids. */
export async function pickNumericEntries(
  server: TestServer,
  count: number,
): Promise<{ round: MeasureRound; picked: PickedEntry[] }> {
  const list = await api<{ mrId: string; mrName: string }[]>(server, '/measure-round');
  for (const summary of list) {
    const round = await api<MeasureRound>(server, `/measure-round/${encodeURIComponent(summary.mrId)}`);
    const numeric = round.entries.filter(isPlainNumeric);
    if (numeric.length >= count) {
      const picked = numeric.slice(0, count).map((entry, i) => {
        const good = usualValue(entry, i);
        return { entry, label: `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`, good };
      });
      return { round, picked };
    }
  }
  throw new Error('no demo round with enough numeric entries');
}

/**
 * A value a field worker would read: inside the series' own history when it has one (a value far from it is
 * "unusual compared with the history", and asked for at submit), else inside the plausibility range.
 */
export function usualValue(entry: MeasureRoundEntry, i: number): number {
  const { min = 0, max = 10 } =
    entry.min !== undefined && entry.max !== undefined ? entry : (entry.tsPlausibilityCheck ?? {});
  return Math.round((min + (max - min) * ((0.3 + i * 0.1) % 1)) * 100) / 100;
}

export function formatDe(n: number): string {
  return String(n).replace('.', ',');
}
