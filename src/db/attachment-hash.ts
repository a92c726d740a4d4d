import { defaultHashSha256, type HashFunction } from 'rxdb';
import type { HashRequest } from '../domain/sha256-messages';
import { oneWorkerAnswer } from './one-worker-answer';

/** Below this a digest on the main thread costs less than starting a worker (a photo's small copy: a few KB). */
export const WORKER_HASH_MIN_BYTES = 64 * 1024;

/** A worker that has not answered by then is given up: the digest is made here instead, and the photo stored. */
export const WORKER_HASH_TIMEOUT_MS = 10_000;

/**
 * RxDB's hash function for this app's database: RxDB's own SHA-256, except that a large Blob (a photo being stored)
 * is hashed in a worker. RxDB digests every attachment before it writes it, and on the main thread a resized photo's
 * digest was a task of 50–70 ms at 4× slower CPU (docs/benchmarks.md, 7 Dec) in which the table took no key. The
 * digest is the same either way (same algorithm, same hex), so what was stored before stays valid; without workers
 * (tests in Node), when the worker fails or does not answer, it is made on the main thread as before: a photo is never
 * refused or held for it.
 */
export const hashFunction: HashFunction = (input) =>
  typeof Worker !== 'undefined' && input instanceof Blob && input.size >= WORKER_HASH_MIN_BYTES
    ? hashInWorker(input).catch(() => defaultHashSha256(input))
    : defaultHashSha256(input);

async function hashInWorker(blob: Blob): Promise<string> {
  const answer = await oneWorkerAnswer<{ hex: string }>(
    () => new Worker(new URL('../../workers/sha256.worker.ts', import.meta.url), { type: 'module' }),
    { blob } satisfies HashRequest,
    WORKER_HASH_TIMEOUT_MS,
  );
  return answer.hex;
}
