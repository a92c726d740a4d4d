import {
  afterFailedTry,
  retryDelay,
  TASK_RETRY_DELAY_MS,
  type TaskFailure,
  type TaskStop,
} from '../src/domain/task-runner';
import { ApiError } from './api-errors';

/** §4/§9: a failing task is retried once after 5 s; a second failure ends in error. */
export const RETRY_DELAY_MS = TASK_RETRY_DELAY_MS;

export type { TaskStop };

export interface RetryOptions {
  isOnline: () => boolean;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RetryHooks {
  /** before each try (1, then 2) */
  onTry: (attempt: number) => Promise<void>;
  /** after the try that succeeded */
  onSuccess?: (attempt: number) => Promise<void>;
  /** after each failed try; `next` is 'retry' when a second try follows after the delay */
  onFailure: (failure: { attempt: number; error: unknown; message: string; next: 'retry' | TaskStop }) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a failed try says, independent of how the call failed. */
function failureOf(error: unknown): TaskFailure {
  const api = error instanceof ApiError ? error : undefined;
  return {
    loginRequired: api?.loginRequired === true,
    networkLost: api?.reason === 'network',
    permanent: api?.permanent === true,
    retryAfterMs: api?.retryAfterMs,
  };
}

/** What follows a failed try (the rule is §4's, in the domain; here only what the error says). */
export function afterFailure(error: unknown, attempt: number, isOnline: boolean): 'retry' | TaskStop {
  return afterFailedTry(failureOf(error), attempt, isOnline);
}

/** §4 task runner: runs `task`, retries it once after the delay; resolves to 'done' or why it stopped. */
export async function runWithRetry(
  task: () => Promise<void>,
  hooks: RetryHooks,
  opts: RetryOptions,
): Promise<'done' | TaskStop> {
  const sleep = opts.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    await hooks.onTry(attempt);
    try {
      await task();
      await hooks.onSuccess?.(attempt);
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = afterFailure(error, attempt, opts.isOnline());
      await hooks.onFailure({ attempt, error, message, next });
      if (next !== 'retry') return next;
      // at least as long as a 429/503 asked (Retry-After), never sooner than the task runner's delay
      await sleep(retryDelay(failureOf(error), opts.retryDelayMs ?? RETRY_DELAY_MS));
    }
  }
}

/**
 * Runs `step` until it reports nothing left, one pass at a time: a call while a pass runs asks for one more pass
 * instead of starting a second loop (two loops would send the same document twice).
 */
export class SerialDrain {
  private running = false;
  private again = false;
  stopped = false;

  constructor(
    private readonly canRun: () => boolean,
    /** sends the next document; false when there is none */
    private readonly step: () => Promise<boolean>,
  ) {}

  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.canRun()) {
          if (!(await this.step())) break;
        }
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }
}
