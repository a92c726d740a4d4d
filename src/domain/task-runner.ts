/** §4 task runner as a pure state machine: queued → running → success, or error after one retry. */
export const TASK_RETRY_DELAY_MS = 5_000;

export type TaskStatus = 'queued' | 'running' | 'success' | 'error';
export interface TaskState {
  status: TaskStatus;
  attempts: number;
  /** when a retry may start (epoch ms) */
  retryAt?: number;
  error?: string;
}
export type TaskEvent = { type: 'start'; now: number } | { type: 'succeed' } | { type: 'fail'; now: number; error: string };

export const initialTask = (): TaskState => ({ status: 'queued', attempts: 0 });

export function reduceTask(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'start':
      if (state.status !== 'queued' || (state.retryAt !== undefined && event.now < state.retryAt)) return state;
      return { ...state, status: 'running', attempts: state.attempts + 1, retryAt: undefined };
    case 'succeed':
      return state.status === 'running' ? { ...state, status: 'success', error: undefined } : state;
    case 'fail':
      if (state.status !== 'running') return state;
      return state.attempts < 2 ? { ...state, status: 'queued', retryAt: event.now + TASK_RETRY_DELAY_MS, error: event.error } : { ...state, status: 'error', error: event.error };
  }
}

/** After a task ends in error the rest of its submission is aborted: the later tasks are not started. */
export function shouldAbort(tasks: readonly TaskState[]): boolean {
  return tasks.some((t) => t.status === 'error');
}
