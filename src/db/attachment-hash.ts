import { defaultHashSha256, type HashFunction } from 'rxdb';
import type { HashRequest, HashResponse } from '../domain/sha256-messages';

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

function hashInWorker(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../workers/sha256.worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer = setTimeout(() => {
      end();
      reject(new Error('the digest worker did not answer'));
    }, WORKER_HASH_TIMEOUT_MS);
    worker.onmessage = (e: MessageEvent<HashResponse>) => {
      end();
      if (e.data.ok) resolve(e.data.hex);
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      end();
      reject(new Error(e.message));
    };
    worker.postMessage({ blob } satisfies HashRequest);
  });
}
