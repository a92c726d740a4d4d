import type { AppDatabase } from './database';

/** The states of an instance that is still on the device and open for edits or on its way (as the table reads). */
const UNSENT_STATES = ['draft', 'queued', 'sending', 'retrying', 'error'];

export type MoveToDateResult = { kind: 'moved' } | { kind: 'taken' } | { kind: 'missing' };

/**
 * §5 overwriting the date of a round: the unsent instance moves to the other day with its drafts (they are keyed
 * by instance, not by date). Refused when that day already has an unsent instance of the round, since the table
 * shows one instance per round and day and the other would be hidden.
 */
export async function moveInstanceToDate(
  db: AppDatabase,
  instanceId: string,
  date: string,
  opts: { dryRun?: boolean } = {},
): Promise<MoveToDateResult> {
  const doc = await db.offlineInstances.findOne(instanceId).exec();
  if (!doc) return { kind: 'missing' };
  const other = await db.offlineInstances
    .findOne({
      selector: {
        mrId: doc.mrId,
        date,
        mode: doc.mode,
        syncState: { $in: UNSENT_STATES },
        instanceId: { $ne: instanceId },
      },
    })
    .exec();
  if (other) return { kind: 'taken' };
  if (!opts.dryRun) await doc.incrementalPatch({ date, updatedAt: Date.now() });
  return { kind: 'moved' };
}
