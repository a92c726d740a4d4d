import type { DraftPatch } from '../../../schemas/db/draft-doc';

/** Stores a patch of one entry's draft; resolves once it is in IndexedDB. */
export type OnChange = (tsId: string, patch: DraftPatch) => Promise<void>;

/** The instance the rows write into; ensureInstance creates it on the first keystroke. */
export interface InstanceRef {
  mrId: string;
  instanceId: string | undefined;
  ensureInstance: () => Promise<string>;
}
