import * as v from 'valibot';
import { ErrorCodeSchema, type ErrorCode, type ErrorParams } from '../schemas/api';
import { refusedTsId } from '../src/domain/submit-refusal';

/** Bounds on what a server's answer may put into a stored document: a few short parameters, not a payload. */
const MAX_PARAMS = 20;
const MAX_TEXT = 500;

const ParamValueSchema = v.union([v.string(), v.pipe(v.number(), v.finite())]);

/** The answer as far as the app reads it; params are checked one by one below. */
const LooseAnswerSchema = v.object({
  code: v.optional(v.string()),
  field: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.unknown())),
});

/** What a refusal of the reference server says beyond its message, kept on the instance (SubmitError). */
export interface ServerRefusal {
  code: ErrorCode;
  field?: string;
  params?: ErrorParams;
  tsId?: string;
}

/** The string or number params of an answer, each text cut to MAX_TEXT; anything else is dropped. */
function keptParams(raw: Record<string, unknown> | undefined): ErrorParams | undefined {
  if (!raw) return undefined;
  const kept = Object.entries(raw)
    .filter((entry): entry is [string, string | number] => v.is(ParamValueSchema, entry[1]))
    .slice(0, MAX_PARAMS)
    .map(([key, value]) => [key.slice(0, 100), typeof value === 'string' ? value.slice(0, MAX_TEXT) : value]);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The reason of an error answer's body when it names a code the app knows (the reference server), with its field,
 * params and the timeseries they concern (`posted`: the entries of the refused post, which a field like
 * `entries.3.value` points into). A server of the specification alone sends none: undefined.
 */
export function serverRefusal(
  body: string | undefined,
  posted: readonly { tsId: string }[] = [],
): ServerRefusal | undefined {
  if (!body) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const answer = v.safeParse(LooseAnswerSchema, json);
  if (!answer.success || !v.is(ErrorCodeSchema, answer.output.code)) return undefined;
  const field = answer.output.field?.slice(0, MAX_TEXT);
  const params = keptParams(answer.output.params);
  const tsId = refusedTsId(field, params, posted);
  return {
    code: answer.output.code,
    ...(field ? { field } : {}),
    ...(params ? { params } : {}),
    ...(tsId ? { tsId } : {}),
  };
}
