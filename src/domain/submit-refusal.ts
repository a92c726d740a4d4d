import type { ErrorParams, MeasureRoundEntry } from '../../schemas/api';
import type { Draft } from '../../schemas/forms/draft';
import { parseNumberInput } from './numbers';
import { COPY_SEPARATOR } from './station-copies';

/** The station and timeseries a refusal concerns, as the round on the device names them. */
export type RefusedEntry = Pick<MeasureRoundEntry, 'tsId' | 'staName' | 'staNumber' | 'tsParameter'>;

type DateCode = 'date-invalid' | 'date-too-early' | 'date-in-future';

/**
 * A refused submission, said precisely: which value of which series, and what the server would take. `entry`
 * is the round's entry when the device knows the series; `tsId` alone names one the round does not (any more).
 * Numbers and dates stay raw: the screen formats them in the UI language.
 */
export type Refusal = { entry?: RefusedEntry; tsId?: string; field?: string } & Said;

/** What each code says beyond its series. */
type Said =
  | { code: 'value-not-allowed'; value: number | string; allowed: readonly (number | string)[] }
  | { code: 'duplicate-time'; dt: string }
  | { code: 'not-of-round' }
  | { code: DateCode; value: string }
  | { code: 'image-other-round'; imageId: string };

/** What a stored submit error carries that the rules read (schemas/db/offline-instance-doc.ts SubmitError). */
export interface RefusalSource {
  code: string;
  params?: ErrorParams;
  tsId?: string;
  /** the field of the posted body the server names (`entries.3.dt`) */
  field?: string;
}

const text = (p: ErrorParams, key: string): string | undefined => {
  const value = p[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const scalar = (p: ErrorParams, key: string): number | string | undefined =>
  typeof p[key] === 'number' ? p[key] : text(p, key);

/** "0, 1, 2" (the reference server lists the codes as one text) → [0, 1, 2]; a code that is no number stays text. */
function codes(list: string): (number | string)[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => (Number.isFinite(Number(s)) ? Number(s) : s));
}

/**
 * The parameters each code of the reference server needs for its precise sentence (server/store/submission-rules.ts,
 * server/routes/measure-round.ts); a code missing one of them keeps its general sentence.
 */
const RULES: Record<Refusal['code'], (p: ErrorParams) => Said | undefined> = {
  'value-not-allowed': (p) => {
    const value = scalar(p, 'value');
    const allowed = text(p, 'allowed');
    return value === undefined || allowed === undefined
      ? undefined
      : { code: 'value-not-allowed', value, allowed: codes(allowed) };
  },
  'duplicate-time': (p) => {
    const dt = text(p, 'dt');
    return dt === undefined ? undefined : { code: 'duplicate-time', dt };
  },
  'not-of-round': () => ({ code: 'not-of-round' }),
  'date-invalid': (p) => dateRule('date-invalid', p),
  'date-too-early': (p) => dateRule('date-too-early', p),
  'date-in-future': (p) => dateRule('date-in-future', p),
  'image-other-round': (p) => {
    const imageId = text(p, 'imageId');
    return imageId === undefined ? undefined : { code: 'image-other-round', imageId };
  },
};

function dateRule(code: DateCode, p: ErrorParams): Said | undefined {
  const value = text(p, 'value');
  return value === undefined ? undefined : { code, value };
}

const isRefusalCode = (code: string): code is Refusal['code'] => Object.hasOwn(RULES, code);

/**
 * A stored submit error as a precise refusal, with its series looked up in the round's entries; undefined when
 * the code has no precise sentence or the server sent too little for one (a server of the specification alone
 * sends no code: the screen keeps its raw message).
 */
export function describeRefusal(error: RefusalSource, entries: readonly RefusedEntry[]): Refusal | undefined {
  if (!isRefusalCode(error.code) || !error.params) return undefined;
  const rest = RULES[error.code](error.params);
  if (!rest) return undefined;
  // not-of-round names a series the round may not have: without one, there is nothing to say beyond the code
  const tsId = text(error.params, 'tsId') ?? error.tsId;
  if (error.code === 'not-of-round' && tsId === undefined) return undefined;
  const entry = tsId === undefined ? undefined : entries.find((e) => e.tsId === tsId);
  return {
    ...rest,
    ...(tsId !== undefined ? { tsId } : {}),
    ...(entry ? { entry } : {}),
    ...(error.field !== undefined && error.field !== '' ? { field: error.field } : {}),
  };
}

/** The index of the posted entry a field of the body names: `entries.3.valueAfter.dt` → 3. */
export function entryIndexOf(field: string | undefined): number | undefined {
  const match = /^entries\.(\d+)(?:\.|$)/.exec(field ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The timeseries a refusal concerns: the server's tsId param, else the posted entry its field names (the
 * reference server names the field of a refused code or date, not the series).
 */
export function refusedTsId(
  field: string | undefined,
  params: ErrorParams | undefined,
  posted: readonly { tsId: string }[],
): string | undefined {
  const named = params?.['tsId'];
  if (typeof named === 'string' && named !== '') return named;
  const index = entryIndexOf(field);
  return index === undefined ? undefined : posted[index]?.tsId;
}

/**
 * Whether a row (or tour card) of `tsId` shows a refusal: the series itself and its copies (§5 station
 * duplication), which are posted as further entries of the same series, so the server names the original.
 */
export function refusalConcerns(refusal: Pick<Refusal, 'tsId'> | undefined, tsId: string): boolean {
  if (refusal?.tsId === undefined) return false;
  return tsId === refusal.tsId || tsId.startsWith(`${refusal.tsId}${COPY_SEPARATOR}`);
}

/** The input of a row (table row or tour card) a refusal is marked on. */
export type RefusedField = 'value' | 'time';

/**
 * The posted fields the row's time makes: its dt, and the dt of its second reading, which is sent a minute
 * after it (src/domain/submission.ts). A task's creation time or a discharge protocol's dt is no row's time.
 */
const ROW_TIME = /^entries\.\d+\.(?:valueAfter\.)?dt$/;

/**
 * Which input of the row a refusal concerns: two values of one series at one time are about the time, and so
 * is a date the server refuses in the row's dt (the round's date and the row's time make it); everything
 * else is about the value.
 */
export function refusedField(refusal: Pick<Refusal, 'code' | 'field'>): RefusedField {
  switch (refusal.code) {
    case 'duplicate-time':
      return 'time';
    case 'date-invalid':
    case 'date-too-early':
    case 'date-in-future':
      return ROW_TIME.test(refusal.field ?? '') ? 'time' : 'value';
    default:
      return 'value';
  }
}

/**
 * What one row of a series (the original or a copy, §5 station duplication) holds, from its stored draft
 * (src/domain/refusal-rows.ts makes it): the dates its time makes as posted, and its typed values. `values` is
 * undefined where they are not known (a time field knows only its time); a row whose draft is not loaded yet has
 * no RowHeld at all.
 */
export interface RowHeld {
  /** its dt (the round's date and the row's time), and its second reading's where it has or may have one */
  times: readonly string[];
  values?: Pick<Draft, 'text' | 'valueAfterText'>;
}

/** A typed text is the refused value: as numbers when both are numbers ("7,0" is 7), else as trimmed text. */
function sameValue(refused: number | string, typed: string | undefined): boolean {
  if (typed === undefined) return false;
  const mine = parseNumberInput(typed);
  const theirs = typeof refused === 'number' ? refused : parseNumberInput(refused);
  const theirNumber = typeof theirs === 'number' ? theirs : theirs?.kind === 'number' ? theirs.value : undefined;
  if (mine?.kind === 'number' && theirNumber !== undefined) return mine.value === theirNumber;
  return typed.trim() === String(refused).trim();
}

/** The value a refused field names: the second reading's, the main one's, or (no such field) either of them. */
function typedValues(field: string | undefined, values: NonNullable<RowHeld['values']>): (string | undefined)[] {
  if (/^entries\.\d+\.valueAfter\.value$/.test(field ?? '')) return [values.valueAfterText];
  if (/^entries\.\d+\.value$/.test(field ?? '')) return [values.text];
  return [values.text, values.valueAfterText];
}

/** The row's time makes the refused date (its dt, or its second reading's). */
function holdsTime(refused: string, row: RowHeld): boolean {
  const at = Date.parse(refused);
  // a date the device cannot read cannot be compared: every row of the series keeps the mark
  if (Number.isNaN(at)) return true;
  return row.times.some((t) => Date.parse(t) === at);
}

/**
 * Whether a row of the refused series holds what the refusal names. The server names only the series, and its
 * copies are posted as further entries of it: of the original holding 3 and a copy holding 7, a refused 7 is the
 * copy's. Two rows at one refused time both hold it. A refusal that names neither a value nor a row's time, and a
 * row whose draft is not known (`undefined`), keep the mark on every row: never fewer rows than hold the fault.
 */
export function refusalHeldBy(refusal: Refusal, row: RowHeld | undefined): boolean {
  if (row === undefined) return true;
  switch (refusal.code) {
    case 'value-not-allowed':
      return (
        row.values === undefined || typedValues(refusal.field, row.values).some((t) => sameValue(refusal.value, t))
      );
    case 'duplicate-time':
      return holdsTime(refusal.dt, row);
    case 'date-invalid':
    case 'date-too-early':
    case 'date-in-future':
      return ROW_TIME.test(refusal.field ?? '') ? holdsTime(refusal.value, row) : true;
    default:
      return true;
  }
}
