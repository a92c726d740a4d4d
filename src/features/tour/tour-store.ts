import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { tourRoundKey } from '../../../replication/instance-round';
import type { AppDatabase } from '../../db/database';
import { createInstance } from '../../db/instance-commands';

export interface StoreTourInput {
  round: RoundDoc;
  /** the round's date, YYYY-MM-DD */
  date: string;
  team: string;
  remark: string;
}

/**
 * §4 "take offline": stores a round as an outdoor instance under a new UUID. The round's entries (with
 * their history: last, min, max, staRemarks, open tasks and facilities) are copied into a snapshot first,
 * so the instance never exists without the data the tour shows and posts (docs/tour.md).
 */
export async function storeTour(db: AppDatabase, input: StoreTourInput, now = Date.now()): Promise<OfflineInstanceDoc> {
  const instanceId = crypto.randomUUID();
  await db.reference.upsert({ key: tourRoundKey(instanceId), data: input.round, fetchedAt: now });
  const team = input.team.trim();
  const remark = input.remark.trim();
  return createInstance(db, {
    instanceId,
    mrId: input.round.mrId,
    mrName: input.round.mrName,
    ...(input.round.mrGroup ? { mrGroup: input.round.mrGroup } : {}),
    mode: 'outdoor',
    date: input.date,
    creationTime: new Date(now).toISOString(),
    ...(team ? { mrTeam: team } : {}),
    ...(remark ? { mrRemark: remark } : {}),
  });
}
