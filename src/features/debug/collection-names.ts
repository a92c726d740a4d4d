import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AppCollections } from '../../db/database';

export type CollectionName = keyof AppCollections;

/** Every local collection in the words a user or support engineer uses; the technical name is shown beside. */
export const COLLECTION_LABELS: Record<CollectionName, MessageDescriptor> = {
  rounds: msg`Measure rounds from the server`,
  offlineInstances: msg`Rounds entered on this device`,
  drafts: msg`Typed values (one per timeseries)`,
  reference: msg`Settings and reference data`,
  historicValues: msg`History from the server (one per timeseries)`,
  photos: msg`Photos`,
  completedRounds: msg`Archive of completed rounds`,
  tasks: msg`Station tasks changed here`,
  facilities: msg`Station facilities changed here`,
  decisions: msg`Decisions typed here`,
};
