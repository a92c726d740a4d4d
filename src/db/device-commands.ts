import type { AppCollections, AppDatabase } from './database';

/**
 * Support's "start afresh": removes every document of every local collection, so the next start pulls
 * everything again. The screen (features/debug/ResetDevice) refuses it while any round has not reached the
 * server; this command only empties the collections it is given (all of them unless named).
 */
export async function wipeLocalData(
  db: AppDatabase,
  names: readonly (keyof AppCollections)[] = Object.keys(db.collections) as (keyof AppCollections)[],
): Promise<void> {
  for (const name of names) await db[name].find().remove();
}
