import type { MeasureRoundEntry, MeasureRoundPost } from '../../schemas/api';
import { allowedCodes, inputTypeOf } from './input-type';

/**
 * The submission rules of the reference server (the reason codes of schemas/api/error-answer.ts), pure, so the
 * browser runs them before submit with the same codes and the server maps them to its 400 answer: the user learns
 * of a refusal before sending, not from it.
 */

/** Earliest date a submission may carry: nothing in a measurement network predates it, a typo in the year does. */
export const EARLIEST_DATE = Date.UTC(1900, 0, 1);
/** How far in the future a date may lie: a day covers every time zone and a device clock a little ahead. */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

export type SubmissionRuleCode =
  'date-invalid' | 'date-too-early' | 'date-in-future' | 'value-not-allowed' | 'duplicate-time' | 'not-of-round';

/** A broken rule: its code and params (as the server answers them), the field of the body, and the server's text. */
export interface SubmissionRefusal {
  code: SubmissionRuleCode;
  field: string;
  params: Record<string, string | number>;
  /** the English detail of the server's answer (the browser shows the code's translated sentence instead) */
  message: string;
}

/** A date outside [1900-01-01, now + 1 day], or none at all. */
export function dateRefusal(value: string | undefined, field: string, now: number): SubmissionRefusal | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  const params = { value };
  if (Number.isNaN(t)) return { code: 'date-invalid', field, params, message: `${field}: ${value} is not a date` };
  if (t < EARLIEST_DATE)
    return { code: 'date-too-early', field, params, message: `${field}: ${value} lies before 1900-01-01` };
  if (t > now + MAX_FUTURE_MS)
    return {
      code: 'date-in-future',
      field,
      params,
      message: `${field}: ${value} lies more than one day in the future`,
    };
  return undefined;
}

/** A coded entry (incident, yes/no) carrying a value that is not one of its codes. */
function codeRefusal(
  definition: MeasureRoundEntry,
  value: number | undefined,
  field: string,
): SubmissionRefusal | undefined {
  if (value === undefined) return undefined;
  const codes = allowedCodes(inputTypeOf(definition));
  if (!codes || codes.includes(value)) return undefined;
  return {
    code: 'value-not-allowed',
    field,
    params: { value, allowed: codes.join(', '), tsId: definition.tsId },
    message: `${field}: ${value} is not allowed for ${definition.tsUnit ?? ''} (allowed: ${codes.join(', ')})`,
  };
}

const notOfRound = (field: string, tsId: string, message: string): SubmissionRefusal => ({
  code: 'not-of-round',
  field,
  params: { tsId },
  message,
});

type Entry = MeasureRoundPost['entries'][number];

/** One posted entry against the round's definition of its series: the station, parameter, dates and codes. */
function entryRefusal(e: Entry, i: number, definition: MeasureRoundEntry, now: number): SubmissionRefusal | undefined {
  const at = `entries.${i}`;
  if (e.staNumber !== definition.staNumber)
    return notOfRound(
      `${at}.staNumber`,
      e.tsId,
      `${at}.staNumber: ${e.staNumber} is not the station of ${e.tsId} (${definition.staNumber})`,
    );
  if (e.tsParameter !== undefined && e.tsParameter !== definition.tsParameter)
    return notOfRound(
      `${at}.tsParameter`,
      e.tsId,
      `${at}.tsParameter: ${e.tsParameter} is not the parameter of ${e.tsId} (${definition.tsParameter})`,
    );
  const depth = (e.depthProfile ?? []).findIndex(
    (row) => row.staNumber !== undefined && row.staNumber !== definition.staNumber,
  );
  if (depth >= 0)
    return notOfRound(
      `${at}.depthProfile.${depth}.staNumber`,
      e.tsId,
      `${at}.depthProfile.${depth}.staNumber: ${e.depthProfile?.[depth]?.staNumber} is not the station of ${e.tsId} (${definition.staNumber})`,
    );
  const dates: [string | undefined, string][] = [
    [e.dt, `${at}.dt`],
    [e.valueAfter?.dt, `${at}.valueAfter.dt`],
    [e.dischargeProtocol?.dt, `${at}.dischargeProtocol.dt`],
    ...(e.staTasks ?? []).map((t, j): [string | undefined, string] => [
      t.creationTime,
      `${at}.staTasks.${j}.creationTime`,
    ]),
  ];
  for (const [value, field] of dates) {
    const refusal = dateRefusal(value, field, now);
    if (refusal) return { ...refusal, params: { ...refusal.params, tsId: e.tsId } };
  }
  return (
    codeRefusal(definition, e.value, `${at}.value`) ??
    codeRefusal(definition, e.valueAfter?.value, `${at}.valueAfter.value`)
  );
}

/**
 * The first rule a submission breaks, or undefined: its creation time, each entry against the round's
 * definitions (a series of the round, its station and parameter, dates in the window, allowed codes), and no two
 * values of one series at one time.
 */
export function submissionRefusal(
  post: Pick<MeasureRoundPost, 'creationTime' | 'entries'>,
  definitions: ReadonlyMap<string, MeasureRoundEntry>,
  mrId: string,
  now: number,
): SubmissionRefusal | undefined {
  const created = dateRefusal(post.creationTime, 'creationTime', now);
  if (created) return created;
  const seen = new Set<string>();
  for (const [i, e] of post.entries.entries()) {
    const definition = definitions.get(e.tsId);
    if (!definition)
      return notOfRound(
        `entries.${i}.tsId`,
        e.tsId,
        `entries.${i}.tsId: ${e.tsId} is not a timeseries of measure round ${mrId}`,
      );
    const refusal = entryRefusal(e, i, definition, now);
    if (refusal) return refusal;
    for (const [dt, field] of [
      [e.dt, 'dt'],
      [e.valueAfter?.dt, 'valueAfter.dt'],
    ] as const) {
      if (!dt) continue;
      const key = `${e.tsId}|${Date.parse(dt)}`;
      if (seen.has(key))
        return {
          code: 'duplicate-time',
          field: `entries.${i}.${field}`,
          params: { tsId: e.tsId, dt },
          message: `entries.${i}.${field}: a second value for ${e.tsId} at ${dt}`,
        };
      seen.add(key);
    }
  }
  return undefined;
}
