import { DEFAULT_PRODUCT } from './auth/auth';
import type { BlobStore } from './blobs/blob-store';
import type { Database } from './db/database';
import type { ApiProfile } from './extensions';
import { openVariantCache, type VariantCache } from './images/variant-cache';
import { createWorkQueue, type WorkQueue } from './images/work-queue';
import { DEFAULT_LIMITS, type ServerLimits } from './limits';

/** What every route needs: the database, the blob store, image work and the product prefix of the roles. */
export interface ServerContext {
  db: Database;
  blobs: BlobStore;
  /** decoding and conversions: `limits.imageConversions` at a time, `limits.imageWaiting` waiting (images/work-queue.ts) */
  imageQueue: WorkQueue;
  limits: ServerLimits;
  variantCache: Promise<VariantCache>;
  version: string;
  /** `spec`: every extension off (server/extensions.ts) */
  profile: ApiProfile;
  product(): Promise<string>;
}

export interface ImageStorage {
  blobs: BlobStore;
  variantCacheDir: string;
  variantCacheBytes: number;
}

export function createContext(
  db: Database,
  storage: ImageStorage,
  version: string,
  profile: ApiProfile = 'full',
  limits: ServerLimits = DEFAULT_LIMITS,
): ServerContext {
  const variantCache = openVariantCache(storage.variantCacheDir, storage.variantCacheBytes);
  // Opened in the background; a failure surfaces on the first image request, not as an unhandled rejection.
  variantCache.catch(() => {});
  return {
    db,
    blobs: storage.blobs,
    imageQueue: createWorkQueue(limits.imageConversions, limits.imageWaiting),
    limits,
    variantCache,
    version,
    profile,
    async product() {
      // the one field, not the whole config: every request that checks a role asks for it
      const [row] = await db.query<{ product: string | null }>(
        "select data->>'product' as product from reference_data where key = 'config'",
      );
      return row?.product ?? DEFAULT_PRODUCT;
    },
  };
}
