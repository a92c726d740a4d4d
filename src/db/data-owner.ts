import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { AppDatabase } from './database';
import { useDb } from './db-context';
import { useObservable } from './hooks';

/**
 * The reference document naming the user the pulled data on this device belongs to (issue 21, shared devices):
 * written by the pull once /info named the user, removed at a logout.
 */
export const DATA_OWNER_KEY = 'dataOwner';
export const DataOwnerSchema = v.object({ username: v.string() });

export async function readDataOwner(db: Pick<AppDatabase, 'reference'>): Promise<string | undefined> {
  const doc = await db.reference.findOne(DATA_OWNER_KEY).exec();
  const parsed = v.safeParse(DataOwnerSchema, doc?.data);
  return parsed.success ? parsed.output.username : undefined;
}

/**
 * The user this device's pulled data belongs to, live; undefined after a logout or before the first pull, and
 * null while the database has not answered yet.
 */
export function useDataOwner(): string | undefined | null {
  const db = useDb();
  const data = useObservable<unknown>(() => db.reference.findOne(DATA_OWNER_KEY).$.pipe(map((d) => d?.data)), null, [db]);
  return useMemo(() => {
    if (data === null) return null;
    const parsed = v.safeParse(DataOwnerSchema, data);
    return parsed.success ? parsed.output.username : undefined;
  }, [data]);
}
