import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../schemas/db/round-doc';
import { mapTilesKey, type MapTilesRecord } from '../../schemas/db/map-tiles-record';
import { tourSummaryKey } from '../../schemas/db/stored-round-summary';
import { summarizeStoredRound } from '../domain/stored-round-summary';
import { tourRoundKey } from './instance-round';
import type { AppDatabase } from './database';
import { createInstance } from './instance-commands';

export interface StoreTourInput {
  round: RoundDoc;
  /** the round's date, YYYY-MM-DD */
  date: string;
  team: string;
  remark: string;
}

/**
 * §4 "take offline": stores a round as an outdoor instance under a new UUID. The round's entries (with
 * their history: last, min, max, staRemarks, open tasks and facilities) are copied into a snapshot first, with its
 * summary for the list of stored rounds, so the instance never exists without the data the tour shows and posts
 * (docs/tour.md).
 */
export async function storeTour(db: AppDatabase, input: StoreTourInput, now = Date.now()): Promise<OfflineInstanceDoc> {
  const instanceId = crypto.randomUUID();
  // the snapshot, then the summary the list of stored rounds reads instead of it; `upsert` throws when a write
  // fails (RxDB's bulkUpsert only reports it), so no instance is created without both
  await db.reference.upsert({ key: tourRoundKey(instanceId), data: input.round, fetchedAt: now });
  await db.reference.upsert({
    key: tourSummaryKey(instanceId),
    data: summarizeStoredRound(input.round.entries),
    fetchedAt: now,
  });
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

/**
 * Records what of a stored round's map tiles is in Cache Storage (`mapTiles:{instanceId}`), also after a failure
 * or cancel, so the readiness line can say "partly" and a second run fetches only the missing ones.
 */
export async function recordMapTiles(db: AppDatabase, instanceId: string, record: MapTilesRecord): Promise<void> {
  await db.reference.upsert({ key: mapTilesKey(instanceId), data: record, fetchedAt: Date.now() });
}
