import * as v from 'valibot';

/**
 * An error with the HTTP status and the message the client shows; `field` names the bad input. `retryAfter`
 * (seconds) is sent as Retry-After: every 429 and 503 carries one (RETRY_AFTER_DEFAULT_S when not given), so a
 * client knows when asking again makes sense instead of guessing.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 500 | 503,
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Retry-After of a 429 or 503 that names no better time: the client's own retry delay (§4: 5 s). */
export const RETRY_AFTER_DEFAULT_S = 5;

/** The Retry-After header of an error answer, if it has one (whole seconds, at least 1). */
export function retryAfterHeader(status: number, retryAfter: number | undefined): string | undefined {
  if (status !== 429 && status !== 503) return undefined;
  return String(Math.max(1, Math.ceil(retryAfter ?? RETRY_AFTER_DEFAULT_S)));
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => String(p.key)).join('.');
}

/** Validates input with a shared valibot schema; the 400 names the first bad field (e.g. `entries.0.value`). */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, root = 'body'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const [first] = result.issues;
  const field = first ? issuePath(first) || root : root;
  throw new HttpError(400, `${field}: ${first?.message ?? 'invalid'}`, field);
}
