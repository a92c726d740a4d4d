import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { AppDatabase } from '../../db/database';
import { writeDraft } from '../../db/draft-store';
import { createInstance, recordEdit } from '../../db/instance-commands';
import { currentUser } from '../../db/data-owner';
import { instanceVisibleTo, ownerOf } from '../../domain/data-owner';
import type { CsvPlan } from '../../domain/csv-plan';
import { EDITABLE_STATES } from '../../domain/round-lifecycle';

/**
 * Writes the planned values into the drafts of the round's open indoor instance for the CSV's date
 * (created if none is open), as if typed: the user checks them in the table and submits as usual.
 * A round already queued for sending is not touched; a new instance is opened instead.
 */
export async function importCsvPlan(
  db: AppDatabase,
  round: RoundDoc,
  plan: Pick<CsvPlan, 'imports'> & { date: string },
  opts: { team?: string; decimalComma: boolean },
): Promise<string> {
  // another user's open round on a shared device is theirs: the import goes into this user's own
  const user = (await currentUser(db)) || undefined;
  const open = (
    await db.offlineInstances
      .find({
        selector: { mrId: round.mrId, date: plan.date, mode: 'indoor', syncState: { $in: [...EDITABLE_STATES] } },
        sort: [{ updatedAt: 'desc' }],
      })
      .exec()
  ).find((d) => instanceVisibleTo(ownerOf(d.toJSON()), user));
  let id: string;
  if (!open) {
    id = (
      await createInstance(db, {
        mrId: round.mrId,
        mrName: round.mrName,
        ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}),
        mode: 'indoor',
        date: plan.date,
        ...(opts.team ? { mrTeam: opts.team } : {}),
      })
    ).instanceId;
  } else {
    id = open.instanceId;
    // an edit like typing: an instance in error becomes a draft again (or a correction)
    await recordEdit(db, id, opts.team && !open.mrTeam ? { mrTeam: opts.team } : {});
  }
  for (const item of plan.imports) {
    const text = opts.decimalComma ? item.text.replace('.', ',') : item.text;
    await writeDraft(db, id, item.tsId, { text, time: item.time, ...(item.remark ? { remark: item.remark } : {}) });
  }
  return id;
}
