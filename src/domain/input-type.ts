import type { MeasureRoundEntry } from '../../schemas/api';

export type InputType =
  'NO_IMPORT_NUMBER' | 'FORMULA' | 'DISCHARGE' | 'NO_STEADY_INCIDENT' | 'NO_YES' | 'SNOW_WATER_EQUIVALENT' | 'NUMBER';

type EntryShape = Pick<MeasureRoundEntry, 'tsId' | 'tsUnit' | 'tsParameter' | 'tsFormula'>;

/** §4 input type precedence, first match wins; NUMBER when none applies. */
export const INPUT_TYPE_RULES: readonly { type: InputType; applies: (e: EntryShape) => boolean }[] = [
  { type: 'NO_IMPORT_NUMBER', applies: (e) => /^\d+-null$/.test(e.tsId) },
  { type: 'FORMULA', applies: (e) => e.tsFormula !== undefined && e.tsFormula !== null },
  { type: 'DISCHARGE', applies: (e) => e.tsUnit === 'l/s' || e.tsUnit === 'l/min' },
  { type: 'NO_STEADY_INCIDENT', applies: (e) => e.tsUnit === 'nein/unverändert/Ereignis' },
  { type: 'NO_YES', applies: (e) => e.tsUnit === 'nein/ja' },
  { type: 'SNOW_WATER_EQUIVALENT', applies: (e) => e.tsUnit === 'mm' && e.tsParameter === 'SWW' },
];

export function inputTypeOf(entry: EntryShape): InputType {
  return INPUT_TYPE_RULES.find((r) => r.applies(entry))?.type ?? 'NUMBER';
}

/** Values of a NO_STEADY_INCIDENT entry: 0 no, 1 unchanged (steady), 2 incident (docs/domain.md). */
export const INCIDENT_CODES = { NO: 0, STEADY: 1, INCIDENT: 2 } as const;
/** Values of a NO_YES entry. */
export const DECISION_CODES = { NO: 0, YES: 1 } as const;

/** The only values a coded entry may carry (§4 incident and decision codes); other input types take any number. */
export function allowedCodes(type: InputType): readonly number[] | undefined {
  if (type === 'NO_STEADY_INCIDENT') return Object.values(INCIDENT_CODES);
  if (type === 'NO_YES') return Object.values(DECISION_CODES);
  return undefined;
}
