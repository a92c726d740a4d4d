import type { ErrorParams, MeasureRoundEntry } from '../../schemas/api';
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
