import { HttpError } from '../http/errors';
import type { BlobStore } from './blob-store';

/** An object-store call (or a disk write) that takes longer than this is given up with 503; the client retries. */
export const BLOB_TIMEOUT_MS = 20_000;

/**
 * Every call of the store is bounded in time. A hanging object store must cost the request that waits for
 * it, never the image conversion slots or the process: routes fetch originals before they take a slot.
 */
export function withTimeouts(store: BlobStore, ms = BLOB_TIMEOUT_MS): BlobStore {
  const bounded = <T>(what: string, work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new HttpError(503, `the image store did not answer within ${ms} ms (${what}); try again shortly`)),
        ms,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };
  return {
    kind: store.kind,
    put: (key, data, contentType) => bounded('storing', store.put(key, data, contentType)),
    get: (key) => bounded('reading', store.get(key)),
    delete: (key) => bounded('deleting', store.delete(key)),
  };
}
