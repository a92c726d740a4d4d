import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { afterFailure, runWithRetry, SerialDrain } from './task-retry';

describe('afterFailure', () => {
  it.each([
    ['401 waits for a login', new ApiError('http', 'x', 401), 1, true, 'login-required'],
    ['network loss while offline waits for the network', new ApiError('network', 'x'), 1, false, 'offline'],
    ['network error while online is retried', new ApiError('network', 'x'), 1, true, 'retry'],
    ['500 on the first try is retried', new ApiError('http', 'x', 500), 1, true, 'retry'],
    ['500 on the second try fails', new ApiError('http', 'x', 500), 2, true, 'failed'],
    ['400 fails at once (the data must be corrected)', new ApiError('http', 'x', 400), 1, true, 'failed'],
    ['429 is retried', new ApiError('http', 'x', 429), 1, true, 'retry'],
    ['429 asking for 30 s is retried', new ApiError('http', 'x', 429, '', 30_000), 1, true, 'retry'],
    ['429 asking for a day fails now', new ApiError('http', 'x', 429, '', 86_400_000), 1, true, 'failed'],
    ['a plain error is retried once', new Error('boom'), 1, true, 'retry'],
  ])('%s', (_name, error, attempt, online, expected) => {
    expect(afterFailure(error, attempt, online)).toBe(expected);
  });
});

describe('runWithRetry', () => {
  it('tries twice with the delay between, reporting each try and failure', async () => {
    const events: string[] = [];
    const outcome = await runWithRetry(
      () => Promise.reject(new ApiError('http', 'down', 503)),
      {
        onTry: async (a) => void events.push(`try ${a}`),
        onFailure: async ({ attempt, next }) => void events.push(`fail ${attempt} ${next}`),
      },
      { isOnline: () => true, sleep: async (ms) => void events.push(`sleep ${ms}`) },
    );
    expect(outcome).toBe('failed');
    expect(events).toEqual(['try 1', 'fail 1 retry', 'sleep 5000', 'try 2', 'fail 2 failed']);
  });

  it.each([
    ['a 503 asking for 30 s waits 30 s', 503, 30_000, 30_000],
    ['a 429 asking for 1 s still waits the 5 s of the task runner', 429, 1_000, 5_000],
    ['a 503 without Retry-After waits 5 s', 503, undefined, 5_000],
  ])('honours Retry-After before the retry: %s', async (_name, status, retryAfterMs, waited) => {
    const sleeps: number[] = [];
    await runWithRetry(
      () => Promise.reject(new ApiError('http', 'busy', status, '', retryAfterMs)),
      { onTry: async () => undefined, onFailure: async () => undefined },
      { isOnline: () => true, sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(sleeps).toEqual([waited]);
  });

  it('ends after the second try succeeds and says which try it was', async () => {
    let calls = 0;
    const succeeded: number[] = [];
    const outcome = await runWithRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('once');
      },
      {
        onTry: async () => undefined,
        onFailure: async () => undefined,
        onSuccess: async (a) => void succeeded.push(a),
      },
      { isOnline: () => true, sleep: async () => undefined },
    );
    expect(outcome).toBe('done');
    expect(succeeded).toEqual([2]);
  });
});

describe('SerialDrain', () => {
  it('runs one loop at a time and makes one more pass for a call during a pass', async () => {
    let queued = 2;
    let active = 0;
    let maxActive = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const drain = new SerialDrain(
      () => true,
      async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await gate;
        active -= 1;
        if (queued === 0) return false;
        queued -= 1;
        return true;
      },
    );
    const first = drain.drain();
    const second = drain.drain(); // coalesces into the running pass
    release();
    await Promise.all([first, second]);
    expect(maxActive).toBe(1);
    expect(queued).toBe(0);
  });

  it('does nothing while it may not run, and stops when stopped', async () => {
    let steps = 0;
    const drain = new SerialDrain(
      () => false,
      async () => (steps += 1) < 5,
    );
    await drain.drain();
    expect(steps).toBe(0);
    const running = new SerialDrain(
      () => true,
      async () => {
        steps += 1;
        running.stopped = true;
        return true;
      },
    );
    await running.drain();
    expect(steps).toBe(1);
  });
});
