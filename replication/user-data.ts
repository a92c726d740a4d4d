// Shared devices: the data pulled for one user is never shown to the next. The rules are pure
// (src/domain/data-owner.ts); this applies them to the database. Unsent data (drafts, offline instances, photos,
// station tasks and facility changes, queued decisions, stored tours' snapshots and tiles) is never touched.
import * as v from 'valibot';
import { RoundDocSchema } from '../schemas/db/round-doc';
import { ownerOf, pulledDataAction, sortPulledRounds, type Username } from '../src/domain/data-owner';
import { currentUser, DATA_OWNER_KEY, LOGGED_OUT, readDataOwnerRecord } from '../src/db/data-owner';
import type { AppDatabase } from '../src/db/database';
import { HISTORY_MARKS_KEY } from './pull-history';
import { SYNC_STATE_KEY } from './sync-state-key';

/** Reference documents pulled for the user (their rounds' lists, the sync token, their status). */
const PULLED_KEYS = [
  'serverInfo',
  SYNC_STATE_KEY,
  'syncStatus',
  HISTORY_MARKS_KEY,
  'historyPulledUntil',
  'dischargeMeters',
  'facilityModels',
  'measureDocuments',
];
const mapKeys = (mrId: string) => [`mapTrack:${mrId}`, `mapOverlay:${mrId}:osm`, `mapOverlay:${mrId}:ortho`];

/** Where a round definition that only another user's unsent instances need waits, invisible, for its owner. */
export const heldRoundKey = (mrId: string): string => `heldRound:${mrId}`;
const HeldRoundSchema = v.object({ owners: v.array(v.string()), round: RoundDocSchema });

/**
 * Removes what was pulled for the previous user: the archive, the history (with its remarks), the round
 * definitions and their maps, documents and the other reference lists. `nextUser` is who sees the device next
 * (undefined at a logout): round definitions their visible unsent instances need stay; those only other users'
 * unsent instances need are held aside (heldRoundKey) so they can still be sent once their owner is back.
 */
export async function wipePulledData(db: AppDatabase, nextUser: Username): Promise<void> {
  const unsent = (await db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } } }).exec()).map((d) => ({
    mrId: d.mrId,
    owner: ownerOf(d.toJSON()),
  }));
  const rounds = await db.rounds.find().exec();
  const { hold, drop } = sortPulledRounds(
    rounds.map((r) => r.mrId),
    unsent,
    nextUser,
  );
  const now = Date.now();
  for (const [mrId, owners] of hold) {
    const round = rounds.find((r) => r.mrId === mrId);
    if (round)
      await db.reference.upsert({
        key: heldRoundKey(mrId),
        data: { owners, round: round.toMutableJSON() },
        fetchedAt: now,
      });
  }
  const gone = [...hold.keys(), ...drop];
  await db.rounds.find({ selector: { mrId: { $in: gone } } }).remove();
  await db.completedRounds.find().remove();
  await db.historicValues.find().remove();
  await db.reference.find({ selector: { key: { $in: [...PULLED_KEYS, ...gone.flatMap(mapKeys)] } } }).remove();
}

/** Puts the rounds held for `user`'s unsent instances back among the rounds (the pull then refreshes them). */
async function restoreHeldRounds(db: AppDatabase, user: string): Promise<void> {
  // every key starting with 'heldRound:' (';' follows ':'), by the primary key's index
  const held = await db.reference.find({ selector: { key: { $gte: heldRoundKey(''), $lt: 'heldRound;' } } }).exec();
  for (const doc of held) {
    const parsed = v.safeParse(HeldRoundSchema, doc.data);
    if (!parsed.success) {
      await doc.remove();
      continue;
    }
    if (!parsed.output.owners.includes(user)) continue;
    if (!(await db.rounds.findOne(parsed.output.round.mrId).exec())) await db.rounds.insert(parsed.output.round);
    await doc.remove();
  }
}

/**
 * Called by the pull once /info named the user it pulls for, before anything else of theirs is stored: the data
 * of another (or an unrecorded) user is wiped and the device's pulled data recorded as `user`'s.
 */
export async function claimPulledData(db: AppDatabase, user: Username): Promise<'kept' | 'wiped'> {
  if (!user || pulledDataAction((await currentUser(db)) || undefined, user) === 'keep') {
    if (user && (await readDataOwnerRecord(db)) !== user)
      await db.reference.upsert({ key: DATA_OWNER_KEY, data: { username: user }, fetchedAt: Date.now() });
    return 'kept';
  }
  await wipePulledData(db, user);
  await restoreHeldRounds(db, user);
  await db.reference.upsert({ key: DATA_OWNER_KEY, data: { username: user }, fetchedAt: Date.now() });
  return 'wiped';
}

/**
 * A logout: nothing pulled for the user stays visible to whoever uses the device next. The record says
 * LOGGED_OUT, so what a pull still under way stores afterwards is removed when it ends (discardIfLoggedOut).
 * The record is written even when the wipe fails (a write racing a pull's, a busy disk): the app's next start
 * after the provider's logout redirect then wipes again before anything is shown to the next user.
 */
export async function forgetPulledData(db: AppDatabase): Promise<void> {
  try {
    await wipePulledData(db, undefined);
  } finally {
    await db.reference.upsert({ key: DATA_OWNER_KEY, data: { username: LOGGED_OUT }, fetchedAt: Date.now() });
  }
}

/**
 * Called when a pull ends and when the replication starts: a pull that began before a logout (in this tab or
 * another) may have stored the previous user's data after the logout's wipe; it goes again.
 */
export async function discardIfLoggedOut(db: AppDatabase): Promise<void> {
  // writes nothing when nothing is left: the wipe's removals find no documents
  if ((await readDataOwnerRecord(db)) === LOGGED_OUT) await wipePulledData(db, undefined);
}
