/** §4/§9 task runner: a failing task is retried once after 5 s; a second failure ends in error and aborts the rest. */
export const TASK_RETRY_DELAY_MS = 5_000;

/** How a task that did not succeed ends: wait for a login, wait for the network, or fail for good. */
export type TaskStop = 'login-required' | 'offline' | 'failed';

/** What is known of a failed try, independent of how the call failed (HTTP status, network error…). */
export interface TaskFailure {
  /** the server asked for a login (401): the task waits for one instead of spending its retry */
  loginRequired: boolean;
  /** no answer came because the network is gone */
  networkLost: boolean;
  /** the answer will not change on a retry (e.g. 400, 403, 409) */
  permanent: boolean;
  /** how long the server asked to wait before the next try (Retry-After of a 429 or 503), if it said */
  retryAfterMs?: number;
}

/**
 * The longest Retry-After a task waits out before its retry. A longer one (an upload quota that frees up
 * tomorrow) ends the task in error with the server's message instead: waiting would hold every other round of
 * the queue behind it, and retrying sooner than asked only earns another refusal.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/** What follows failed try number `attempt` (1, 2): one retry, then error; login and network waits spend no try. */
export function afterFailedTry(failure: TaskFailure, attempt: number, isOnline: boolean): 'retry' | TaskStop {
  if (failure.loginRequired) return 'login-required';
  if (failure.networkLost && !isOnline) return 'offline';
  if (attempt >= 2 || failure.permanent) return 'failed';
  if ((failure.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) return 'failed';
  return 'retry';
}

/** How long to wait before the retry: the task runner's delay, or longer when the server asked for longer. */
export function retryDelay(failure: Pick<TaskFailure, 'retryAfterMs'>, delayMs = TASK_RETRY_DELAY_MS): number {
  return Math.max(delayMs, failure.retryAfterMs ?? 0);
}

/**
 * Retry-After as milliseconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date); undefined when absent or not
 * understood (then the task runner's own delay applies). A date in the past means "now".
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - now);
}
