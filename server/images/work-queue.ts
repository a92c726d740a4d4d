import { HttpError } from '../http/errors';

export interface WorkQueue {
  /** runs the job when a slot is free; 503 at once when too many jobs already wait */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * Image decoding and encoding run here, at most `concurrency` at a time. sharp already works on libuv's
 * threads, so the event loop stays free either way; the bound is on memory and CPU: eight parallel
 * conversions of a 49-megapixel PNG took 2.3 GB, and AVIF encoding occupies a core for seconds. Jobs
 * beyond `maxWaiting` are refused with 503 (the client retries) instead of queueing without bound.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active -= 1;
    queue.shift()?.();
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active >= concurrency) {
        if (queue.length >= maxWaiting)
          throw new HttpError(503, 'the server is busy converting images; try again shortly');
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      active += 1;
      try {
        return await job();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
