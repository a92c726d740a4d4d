import { UNSENT_STATES } from '../domain/round-lifecycle';
import type { AppDatabase } from './database';
import { recordEdit } from './instance-commands';

export type MoveToDateResult = { kind: 'moved' } | { kind: 'taken' } | { kind: 'missing' };

/**
 * §5 overwriting the date of a round: the instance moves to the other day with its drafts (they are keyed by
 * instance, not by date). Refused when that day already has an unsent instance of the round, since the table
 * shows one instance per round and day and the other would be hidden.
 *
 * The date is part of what the round's submission carries, so the move is an edit of the round through its
 * lifecycle (recordEdit, in the same compare-and-set as the date): refused with InstanceConflict while the round
 * is on its way, and a correction once the server holds the round's values (the next submit sends the moved
 * round whole, naming the submission it corrects).
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
        syncState: { $in: [...UNSENT_STATES] },
        instanceId: { $ne: instanceId },
      },
    })
    .exec();
  if (other) return { kind: 'taken' };
  if (!opts.dryRun) await recordEdit(db, instanceId, { date });
  return { kind: 'moved' };
}
