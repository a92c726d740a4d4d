// The periodic pull asks the server first whether anything it would read changed (GET /sync-state):
// a quiet pull is then one request that writes no document, instead of 23 requests and a status write.
import * as v from 'valibot';
import { SyncStateSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import { recordLastChecked } from '../src/db/last-checked';
import type { ApiClient } from './api-client';
import { NotFoundError, NotModifiedError } from './api-errors';
import { askPullStart, pullConfig, pullRounds, pullServerInfo } from './pull';
import {
  HISTORY_FULL_PULL_MS,
  HISTORY_MARKS_KEY,
  pullCompletedRounds,
  pullHistoricValues,
  pullMapData,
  pullReferenceLists,
} from './pull-lists';
import { upsertReference } from './unchanged';
import { discardIfLoggedOut } from './user-data';
import { SYNC_STATE_KEY } from './sync-state-key';

export { SYNC_STATE_KEY };

const StoredStateSchema = v.object({
  token: v.string(),
  /** when the last pull that fetched the whole history ran (the daily one, HISTORY_FULL_PULL_MS) */
  historyFullAt: v.number(),
  /** the app version that pulled: a new version may store more of the answers, so it pulls once in full */
  clientVersion: v.string(),
});

export interface SyncSession {
  /** false after the server answered 404 (an older server): later pulls go straight to the full pull */
  serverHasSyncState: boolean;
}

export interface PullOptions {
  /** pull everything whatever the token says (a login change) */
  force?: boolean;
  clientVersion: string;
  session?: SyncSession;
  now?: () => number;
}

export type PullOutcome = 'unchanged' | 'pulled' | 'failed';

/** What the pull reads, in order; the rounds part throws, the other parts keep their stored copy on failure. */
async function fullPull(db: AppDatabase, api: ApiClient, now: number): Promise<void> {
  const asked = askPullStart(api);
  await pullConfig(db, api, asked.config);
  await pullServerInfo(db, api, asked.info);
  await pullRounds(db, api, asked.roundList);
  await pullReferenceLists(db, api);
  const rounds = await db.rounds.find().exec();
  // each round entry says when its series' newest value is (entry.last): series the device has up to there are not asked for
  const newest = new Map(rounds.flatMap((r) => r.entries.map((e) => [e.tsId as string, e.last?.dt ?? null] as const)));
  await pullHistoricValues(db, api, [...newest.keys()], undefined, { incremental: true, newest, now });
  await pullMapData(
    db,
    api,
    rounds.map((r) => r.mrId),
  );
  await pullCompletedRounds(db, api);
}

/** The server's token, and whether it is the stored one; undefined when the server cannot tell (then pull all). */
async function askServer(
  api: ApiClient,
  stored: string | undefined,
  session: SyncSession | undefined,
): Promise<{ token: string; unchanged: boolean } | undefined> {
  if (session?.serverHasSyncState === false) return undefined;
  try {
    const { data } = await api.getJson('/sync-state', SyncStateSchema, { etag: stored ? `"${stored}"` : undefined });
    return { token: data.token, unchanged: data.token === stored };
  } catch (e) {
    if (e instanceof NotModifiedError && stored) return { token: stored, unchanged: true };
    if (e instanceof NotFoundError) {
      if (session) session.serverHasSyncState = false;
    } else {
      // offline, 401, 5xx: the full pull meets the same and records it as it always did
      console.warn('asking the server for its sync state failed', e);
    }
    return undefined;
  }
}

/**
 * Records the outcome so every tab can show it (sync progress is data, Architecture §1). The time of a
 * successful check goes to last-checked.ts (localStorage, no RxDB write); the `syncStatus` document is
 * written when a pull loaded something (data was written anyway) or when its error state changes, so a
 * quiet check writes nothing and the round list still says when the device last checked.
 */
async function recordPull(db: AppDatabase, at: number, outcome: { error?: unknown; quiet?: boolean }): Promise<void> {
  const previous = await db.reference.findOne('syncStatus').exec();
  const old = (previous?.data ?? {}) as { lastPullAt?: number; lastPullError?: string };
  if (outcome.error !== undefined) {
    const message = String(outcome.error instanceof Error ? outcome.error.message : outcome.error);
    await upsertReference(db, {
      key: 'syncStatus',
      data: { lastPullAt: old.lastPullAt, lastPullError: message },
      fetchedAt: at,
    });
    return;
  }
  recordLastChecked(db.name, at);
  if (outcome.quiet && previous && !old.lastPullError) return;
  await db.reference.upsert({ key: 'syncStatus', data: { lastPullAt: at, lastPullError: undefined }, fetchedAt: at });
}

/**
 * The leader's pull: asks /sync-state with the stored token; when it is unchanged, the app version the same
 * and the daily full history pull not due, nothing else is asked and nothing written. Otherwise the full
 * pull runs as before, and the token (asked before it, so a change during the pull is seen next time) is
 * stored only when every part of it succeeded: an interrupted pull asks again.
 */
export async function pullFromServer(db: AppDatabase, api: ApiClient, opts: PullOptions): Promise<PullOutcome> {
  try {
    return await pullOnce(db, api, opts);
  } finally {
    // a logout while this pull ran: what it stored afterwards is nobody's (shared devices)
    await discardIfLoggedOut(db);
  }
}

async function pullOnce(db: AppDatabase, api: ApiClient, opts: PullOptions): Promise<PullOutcome> {
  const now = opts.now ?? Date.now;
  const start = now();
  const storedDoc = await db.reference.findOne(SYNC_STATE_KEY).exec();
  const parsed = v.safeParse(StoredStateSchema, storedDoc?.data);
  const stored = parsed.success ? parsed.output : undefined;
  const marks = await db.reference.findOne(HISTORY_MARKS_KEY).exec();
  // pullHistoricValues fetches the whole history when its marks are a day old; this pull does then too
  const marksFresh = marks !== null && start - marks.fetchedAt < HISTORY_FULL_PULL_MS;
  const lastFullHistory = Math.max(stored?.historyFullAt ?? 0, marks?.fetchedAt ?? 0);
  const server = await askServer(api, stored?.token, opts.session);
  const quiet =
    !opts.force &&
    server?.unchanged === true &&
    stored?.clientVersion === opts.clientVersion &&
    start - lastFullHistory < HISTORY_FULL_PULL_MS;
  if (quiet) {
    await recordPull(db, now(), { quiet: true });
    return 'unchanged';
  }
  const tracked = api.tracked();
  try {
    await fullPull(db, tracked.api, start);
  } catch (e) {
    console.warn('pulling rounds failed; the stored rounds stay in use', e);
    await recordPull(db, now(), { error: e });
    return 'failed';
  }
  await recordPull(db, now(), {});
  if (server && !tracked.failed()) {
    const data = {
      token: server.token,
      historyFullAt: marksFresh ? lastFullHistory : start,
      clientVersion: opts.clientVersion,
    };
    await upsertReference(db, { key: SYNC_STATE_KEY, data, fetchedAt: start });
  }
  // A part failed: the stored token stays. It still names a state the device had in full; if the server
  // moved on, the next check differs from it and pulls again.
  return 'pulled';
}
