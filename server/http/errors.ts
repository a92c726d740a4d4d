import * as v from 'valibot';

/** An error with the HTTP status and the message the client shows; `field` names the bad input. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 500 | 503,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
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
