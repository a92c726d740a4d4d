import type { AppDatabase } from './database';
import { removeDraft } from './draft-store';
import { withEdit } from './instance-commands';

/**
 * Deletes a station copy (a second reading of a station, its entries' drafts under `tsId#n`) from the round
 * `instanceId`. The copy's entries are part of the round's submission: an edit of the round (withEdit). (A copy is
 * created by typing into it: writeInstanceDraft records that edit.)
 */
export function removeStationCopy(db: AppDatabase, instanceId: string, tsIds: readonly string[]): Promise<void> {
  return withEdit(db, instanceId, async () => {
    await Promise.all(tsIds.map((tsId) => removeDraft(db, instanceId, tsId)));
  });
}
