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
}

/** What follows failed try number `attempt` (1, 2): one retry, then error; login and network waits spend no try. */
export function afterFailedTry(failure: TaskFailure, attempt: number, isOnline: boolean): 'retry' | TaskStop {
  if (failure.loginRequired) return 'login-required';
  if (failure.networkLost && !isOnline) return 'offline';
  if (attempt >= 2 || failure.permanent) return 'failed';
  return 'retry';
}
