import type { AppDatabase } from './database';
import { removeDraft } from './draft-store';
import { recordEdit } from './instance-commands';

/**
 * Deletes a station copy (a second reading of a station, its entries' drafts under `tsId#n`) from the round
 * `instanceId`. The copy's entries are part of the round's submission, so the deletion records an edit on the
 * round through its lifecycle first: refused while the round is on its way, a correction once the server holds
 * its values. (A copy is created by typing into it: writeInstanceDraft records that edit.)
 */
export async function removeStationCopy(db: AppDatabase, instanceId: string, tsIds: readonly string[]): Promise<void> {
  await recordEdit(db, instanceId);
  await Promise.all(tsIds.map((tsId) => removeDraft(db, instanceId, tsId)));
}
