import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { AppDatabase } from '../../db/database';
import { writeDraft } from '../../db/draft-store';
import type { CsvPlan } from '../../domain/csv-plan';

const OPEN_STATES = ['draft', 'error'];

/**
 * Writes the planned values into the drafts of the round's open indoor instance for the CSV's date
 * (created if none is open), as if typed: the user checks them in the table and submits as usual.
 * A round already queued for sending is not touched; a new instance is opened instead.
 */
export async function importCsvPlan(db: AppDatabase, round: RoundDoc, plan: Pick<CsvPlan, 'imports'> & { date: string }, opts: { team?: string; decimalComma: boolean }): Promise<string> {
  const open = await db.offlineInstances.findOne({ selector: { mrId: round.mrId, date: plan.date, mode: 'indoor', syncState: { $in: OPEN_STATES } }, sort: [{ updatedAt: 'desc' }] }).exec();
  let instanceId = open?.instanceId;
  if (!open) {
    const now = Date.now();
    instanceId = crypto.randomUUID();
    await db.offlineInstances.insert({
      instanceId,
      mrId: round.mrId,
      mrName: round.mrName,
      ...(round.mrGroup ? { mrGroup: round.mrGroup } : {}),
      mode: 'indoor',
      date: plan.date,
      creationTime: new Date(now).toISOString(),
      syncState: 'draft',
      ...(opts.team ? { mrTeam: opts.team } : {}),
      updatedAt: now,
    });
  } else if (opts.team && !open.mrTeam) {
    await open.incrementalPatch({ mrTeam: opts.team, updatedAt: Date.now() });
  }
  const id = instanceId as string;
  for (const item of plan.imports) {
    const text = opts.decimalComma ? item.text.replace('.', ',') : item.text;
    await writeDraft(db, id, item.tsId, { text, time: item.time, ...(item.remark ? { remark: item.remark } : {}) });
  }
  return id;
}
