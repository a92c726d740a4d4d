import * as v from 'valibot';
import type { ErrorAnswer, ErrorCode, ErrorParams } from '../../schemas/api';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 500 | 503;

/** The code of an answer whose rule has none of its own. */
const CODE_OF_STATUS: Record<ErrorStatus, ErrorCode> = {
  400: 'invalid-request',
  401: 'login-required',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict-state',
  413: 'too-large',
  415: 'unsupported-type',
  421: 'wrong-host',
  429: 'too-many-requests',
  500: 'internal',
  503: 'unavailable',
};

/**
 * An error with the HTTP status and the message the client shows; `field` names the bad input, `reason` the
 * rule as a code with parameters (the status's general code without it). `retryAfter` (seconds) is sent as
 * Retry-After: every 429 and 503 carries one (RETRY_AFTER_DEFAULT_S when not given), so a client knows when
 * asking again makes sense instead of guessing.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
  readonly retryAfter?: number;
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly field?: string,
    reason?: { code?: ErrorCode; params?: ErrorParams; retryAfter?: number },
  ) {
    super(message);
    this.code = reason?.code ?? CODE_OF_STATUS[status];
    if (reason?.params) this.params = reason.params;
    this.retryAfter = reason?.retryAfter;
  }

  /** The JSON body of the answer. */
  answer(): ErrorAnswer {
    return {
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
    };
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
