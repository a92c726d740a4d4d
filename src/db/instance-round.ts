import * as v from 'valibot';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { RoundDocSchema, type RoundDoc } from '../../schemas/db/round-doc';
import type { AppDatabase } from './database';

/** Key of the round snapshot a stored outdoor round keeps in the reference collection (docs/tour.md). */
export const tourRoundKey = (instanceId: string): string => `tourRound:${instanceId}`;

/**
 * The round an instance is entered and posted against: an outdoor round's own snapshot, taken when it was
 * stored on the device, so a later pull that changes or removes the round never changes what the field
 * worker walks and sends; other instances use the round as pulled.
 */
export async function loadInstanceRound(
  db: AppDatabase,
  instance: Pick<OfflineInstanceDoc, 'instanceId' | 'mrId'>,
): Promise<RoundDoc | null> {
  const snapshot = tourSnapshot(await db.reference.findOne(tourRoundKey(instance.instanceId)).exec());
  if (snapshot) return snapshot;
  return (await db.rounds.findOne(instance.mrId).exec())?.toMutableJSON() ?? null;
}

/** The round a stored outdoor round's snapshot document holds (none, or one of an older shape: undefined). */
export function tourSnapshot(doc: { data: unknown } | null): RoundDoc | undefined {
  if (!doc) return undefined;
  const parsed = v.safeParse(RoundDocSchema, doc.data);
  return parsed.success ? parsed.output : undefined;
}
