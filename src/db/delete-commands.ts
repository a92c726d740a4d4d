import type { RxCollection } from 'rxdb';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { mapTilesKey } from '../../schemas/db/map-tiles-record';
import { tourSummaryKey } from '../../schemas/db/stored-round-summary';
import type { AppDatabase } from './database';
import { actionsOf, deleteInstanceDoc } from './instance-commands';
import { tourRoundKey } from './instance-round';

/**
 * Whether the screens offer "Delete" for a round: exactly when the lifecycle lets deleteUnsentInstance remove it
 * (a draft or a failed round the server holds nothing of). One rule, so a delete that is offered is never refused.
 */
export function isDeletable(instance: OfflineInstanceDoc): boolean {
  return actionsOf(instance).delete;
}

export type DeleteResult = { deleted: true } | { deleted: false; reason: 'missing' | 'not-deletable' | 'changed' };

/** A collection added by another part of the app later (e.g. per-entry drafts), looked up by name. */
type OptionalCollection = RxCollection<{ instanceId?: string }>;

/**
 * Removes an unsent round and everything that belongs only to it on this device: photos (with their image
 * attachments), station tasks, facility changes and per-entry drafts if that collection exists.
 *
 * The instance goes first: once it is gone the submit queue can no longer pick it up, so a round is never
 * sent with half of its photos. RxDB refuses the removal with a conflict when the document changed since
 * it was read (e.g. another tab queued it meanwhile); that is reported as 'changed' and nothing is deleted.
 */
export async function deleteUnsentInstance(db: AppDatabase, instanceId: string): Promise<DeleteResult> {
  // The command checks the lifecycle (never a round on its way, nor one whose values the server holds).
  const removed = await deleteInstanceDoc(db, instanceId);
  if (removed !== 'deleted') return { deleted: false, reason: removed };
  const selector = { instanceId };
  await db.photos.find({ selector }).remove();
  await db.tasks.find({ selector }).remove();
  await db.facilities.find({ selector }).remove();
  // a stored outdoor round's snapshot and its summary belong to it alone
  await (await db.reference.findOne(tourRoundKey(instanceId)).exec())?.remove();
  await (await db.reference.findOne(tourSummaryKey(instanceId)).exec())?.remove();
  // the record of its prepared map tiles too; the tiles stay in Cache Storage, other rounds of the area share them
  await (await db.reference.findOne(mapTilesKey(instanceId)).exec())?.remove();
  // Looked up by name: the collection may not exist (yet) in this version of the database.
  const drafts = (db.collections as unknown as Partial<Record<string, OptionalCollection>>)['drafts'];
  if (drafts) await drafts.find({ selector }).remove();
  return { deleted: true };
}
