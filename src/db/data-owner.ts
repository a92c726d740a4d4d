import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { AppDatabase } from './database';
import { useDb } from './db-context';
import { useObservable } from './hooks';

/**
 * The reference document naming the user the pulled data on this device belongs to (shared devices):
 * written by the pull once /info named the user; at a logout the username is empty (LOGGED_OUT), so data a pull
 * still running wrote afterwards is recognised as nobody's and removed.
 */
export const DATA_OWNER_KEY = 'dataOwner';
export const LOGGED_OUT = '';
export const DataOwnerSchema = v.object({ username: v.string() });

/** The recorded owner: a username, LOGGED_OUT after a logout, undefined when none was ever recorded. */
export async function readDataOwnerRecord(db: Pick<AppDatabase, 'reference'>): Promise<string | undefined> {
  const doc = await db.reference.findOne(DATA_OWNER_KEY).exec();
  const parsed = v.safeParse(DataOwnerSchema, doc?.data);
  return parsed.success ? parsed.output.username : undefined;
}

/**
 * The user of this device as the server last named them ('' for nobody: logged out, never pulled): the owner
 * new round instances are stamped with, the only one whose instances the submit queue sends, and whose the
 * pulled data is. The record, or on a device an older version pulled (no record) the user its stored /info
 * answer named, so an update keeps what a field worker took offline.
 */
export async function currentUser(db: Pick<AppDatabase, 'reference'>): Promise<string> {
  const record = await readDataOwnerRecord(db);
  if (record !== undefined) return record;
  const info = (await db.reference.findOne('serverInfo').exec())?.data;
  return info && typeof info === 'object' && 'username' in info && typeof info.username === 'string'
    ? info.username
    : '';
}

/**
 * The user this device's pulled data belongs to, live; undefined after a logout or before the first pull, and
 * null while the database has not answered yet.
 */
export function useDataOwner(): string | undefined | null {
  const db = useDb();
  const data = useObservable<unknown>(() => db.reference.findOne(DATA_OWNER_KEY).$.pipe(map((d) => d?.data)), null, [
    db,
  ]);
  return useMemo(() => {
    if (data === null) return null;
    const parsed = v.safeParse(DataOwnerSchema, data);
    return parsed.success ? parsed.output.username || undefined : undefined;
  }, [data]);
}
