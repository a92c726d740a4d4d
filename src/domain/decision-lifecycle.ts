import type { TaskStop } from './task-runner';

/**
 * The lifecycle of a typed decision (§4 decisions, the decisions collection), the decision's counterpart of
 * round-lifecycle.ts: one pure table of which event moves which state where. The commands of
 * src/db/decision-commands.ts are compare-and-sets that ask it on the newest stored revision, so the queue and the
 * user (or two tabs) never overwrite each other's step: a refused move leaves the document as it is.
 */
export const DECISION_STATES = ['draft', 'queued', 'sending', 'retrying', 'sent', 'error', 'waiting-login'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export type DecisionEvent =
  /** the decider types a value or remark */
  | 'edit'
  /** "record assessment": the checked body is handed to the queue */
  | 'submit'
  /** "send again" after a failure */
  | 'requeue'
  /** the queue's first try */
  | 'start-send'
  /** the queue's second try, after the delay */
  | 'retry'
  /** the server recorded it */
  | 'sent'
  /** a try failed and no second try follows now: why is the TaskStop (see failDecision) */
  | 'fail-for-good'
  | 'fail-offline'
  | 'fail-login'
  /** a try failed; a second try follows after the delay */
  | 'fail-retry'
  /** its decider is not logged in (shared devices) */
  | 'need-login'
  /** a tab closed mid-send, or a login came back: queue it again */
  | 'resume';

const TRANSITIONS: Record<DecisionState, Partial<Record<DecisionEvent, DecisionState>>> = {
  draft: { edit: 'draft', submit: 'queued' },
  // a refused decision may be corrected and recorded again, or sent again as it is
  error: { edit: 'error', submit: 'queued', requeue: 'queued' },
  queued: { 'start-send': 'sending', 'need-login': 'waiting-login', 'fail-for-good': 'error' },
  sending: {
    sent: 'sent',
    'fail-retry': 'retrying',
    'fail-for-good': 'error',
    'fail-offline': 'queued',
    'fail-login': 'queued',
    resume: 'queued',
  },
  retrying: {
    retry: 'retrying',
    sent: 'sent',
    'fail-retry': 'retrying',
    'fail-for-good': 'error',
    'fail-offline': 'queued',
    'fail-login': 'queued',
    resume: 'queued',
  },
  'waiting-login': { resume: 'queued' },
  sent: {},
};

/** The state after `event`, or null when the lifecycle refuses it. */
export function decisionTransition(state: DecisionState, event: DecisionEvent): DecisionState | null {
  return TRANSITIONS[state][event] ?? null;
}

/** Whether the decider may still type into a decision in this state (not handed to the queue, or refused). */
export function decisionEditable(state: DecisionState): boolean {
  return decisionTransition(state, 'edit') !== null;
}

/** The event of a failed try, from what the task runner does next (§4: one retry after 5 s). */
export function failureEvent(next: 'retry' | TaskStop): DecisionEvent {
  switch (next) {
    case 'retry':
      return 'fail-retry';
    case 'failed':
      return 'fail-for-good';
    case 'login-required':
      return 'fail-login';
    default:
      return 'fail-offline';
  }
}

/**
 * Why a decision did not reach the server, as a reason code the screens translate (never English text on the
 * document). Stored in `lastError` as the code, or `http:<status>` for an answer without a more precise code.
 */
export type DecisionErrorCode =
  'forbidden' | 'login-required' | 'network' | 'invalid-response' | 'nothing-to-send' | 'http' | 'failed';

/** What a failed try says, read off the client's error (ApiError's reason and status). */
export interface DecisionFailure {
  reason?: 'not-modified' | 'not-found' | 'http' | 'network' | 'invalid-response';
  status?: number;
}

/** The stored reason of a failed try: 403 is the missing decider role (§6), the rest by what failed. */
export function decisionErrorOf(failure: DecisionFailure | undefined): string {
  if (!failure) return 'failed';
  if (failure.status === 403) return 'forbidden';
  if (failure.status === 401) return 'login-required';
  if (failure.reason === 'network') return 'network';
  if (failure.reason === 'invalid-response') return 'invalid-response';
  if (failure.status !== undefined) return `http:${failure.status}`;
  return 'failed';
}

/**
 * A stored `lastError` read back: its code and status. Text of an older version (English, before the codes) is
 * `legacy` with the text as it was, which the screen shows unchanged.
 */
export function readDecisionError(
  lastError: string | undefined,
): { code: DecisionErrorCode; status?: number } | { code: 'legacy'; text: string } | undefined {
  if (!lastError) return undefined;
  const http = /^http:(\d{3})$/.exec(lastError);
  if (http) return { code: 'http', status: Number(http[1]) };
  const codes: readonly string[] = [
    'forbidden',
    'login-required',
    'network',
    'invalid-response',
    'nothing-to-send',
    'failed',
  ] satisfies DecisionErrorCode[];
  return codes.includes(lastError) ? { code: lastError as DecisionErrorCode } : { code: 'legacy', text: lastError };
}
