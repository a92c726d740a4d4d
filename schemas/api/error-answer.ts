import * as v from 'valibot';

/**
 * The reason codes of the reference server's error answers: stable, so a client can translate them, while
 * `message` stays English for vendors and people reading logs. A server of the specification alone sends only
 * a message; clients fall back to it. Each status has a general code; the rules a user can run into while
 * submitting have their own.
 */
export const ERROR_CODES = [
  // one per status
  'invalid-request',
  'login-required',
  'forbidden',
  'not-found',
  'conflict-state',
  'too-large',
  'unsupported-type',
  'wrong-host',
  'too-many-requests',
  'internal',
  'unavailable',
  // the submission's rules (§3, §5)
  'date-invalid',
  'date-too-early',
  'date-in-future',
  'value-not-allowed',
  'not-of-round',
  'duplicate-time',
  'image-other-round',
  'station-change-refused',
  'corrects-invalid',
  'submission-elsewhere',
  'submission-differs',
] as const;
export const ErrorCodeSchema = v.picklist(ERROR_CODES);
export type ErrorCode = v.InferOutput<typeof ErrorCodeSchema>;

export const ErrorParamsSchema = v.record(v.string(), v.union([v.string(), v.number()]));
export type ErrorParams = v.InferOutput<typeof ErrorParamsSchema>;

/** What a 4xx/5xx answer carries: `field` names the part of the request, `code` and `params` say why. */
export const ErrorAnswerSchema = v.object({
  message: v.string(),
  field: v.optional(v.string()),
  code: v.optional(v.string()),
  params: v.optional(ErrorParamsSchema),
});
export type ErrorAnswer = v.InferOutput<typeof ErrorAnswerSchema>;
