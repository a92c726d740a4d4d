import * as v from 'valibot';
import { ConfigSchema, MeasureRoundListSchema, MeasureRoundSchema, ServerInfoSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { ApiClient, ApiResponse } from './api-client';
import { differs, upsertReference } from './unchanged';
import { claimPulledData } from './user-data';

/** An answer asked for before it is stored (fullPull asks for several at once and stores them in order). */
type Answer<S extends v.GenericSchema> = Promise<ApiResponse<v.InferOutput<S>>>;

/**
 * The first requests of a full pull, sent at once: on a slow mobile link each is a round trip, and one after the
 * other they held up a first visit's rounds by three. Each is stored by its pull function, in the order the rules
 * need (the user's claim before any round). An answer nobody awaits (a pull that failed before it) is no
 * unhandled rejection.
 */
export function askPullStart(api: ApiClient): {
  config: Answer<typeof ConfigSchema>;
  info: Answer<typeof ServerInfoSchema>;
  roundList: Answer<typeof MeasureRoundListSchema>;
} {
  const asked = {
    config: api.getJson('/config', ConfigSchema),
    info: api.getJson('/info', ServerInfoSchema),
    roundList: api.getJson('/measure-round', MeasureRoundListSchema),
  };
  for (const answer of Object.values(asked)) answer.catch(() => undefined);
  return asked;
}

/** Stores the config; on failure the stored copy stays in use (§8: logged, not fatal). */
export async function pullConfig(
  db: AppDatabase,
  api: ApiClient,
  answer: Answer<typeof ConfigSchema> = api.getJson('/config', ConfigSchema),
): Promise<void> {
  try {
    const { data, etag } = await answer;
    await upsertReference(db, { key: 'config', data, etag, fetchedAt: Date.now() });
  } catch (e) {
    console.warn('loading config failed, using the stored copy', e);
  }
}

/**
 * /info names the user the pull is answered for (shared devices): the data pulled for another user is
 * wiped before anything of this one's is stored. Unlike the other reference data, a failure here fails the pull:
 * without knowing the user, the rest must not be mixed into another user's data.
 */
export async function pullServerInfo(
  db: AppDatabase,
  api: ApiClient,
  answer: Answer<typeof ServerInfoSchema> = api.getJson('/info', ServerInfoSchema),
): Promise<void> {
  const { data, etag } = await answer;
  await claimPulledData(db, data.username);
  await upsertReference(db, { key: 'serverInfo', data, etag, fetchedAt: Date.now() });
}

/** Bounds the memory a pull holds: a round of 2,000 entries is some hundred KB. */
const ROUNDS_PER_WRITE = 10;

/**
 * Pulls every round the user may see. A round the server no longer lists is removed from the local
 * copy only when no unsent instance refers to it, so unsent work always keeps its round.
 */
export async function pullRounds(
  db: AppDatabase,
  api: ApiClient,
  listAnswer: Answer<typeof MeasureRoundListSchema> = api.getJson('/measure-round', MeasureRoundListSchema),
): Promise<number> {
  const list = await listAnswer;
  const mrVersion = list.date ?? new Date().toUTCString();
  // Written together, up to ROUNDS_PER_WRITE at a time: stored one by one, each round appeared in the start page's
  // list (sorted by name) above or below the others as it came, and the list jumped under the user's finger
  // (a layout shift on the first visit). One write also notifies every open query once, not once per round.
  // each write's rounds are fetched together: one after the other, every round cost the link's round trip on the
  // first visit (a slow mobile link's 150 ms and more each) before the table of a round could show
  for (let i = 0; i < list.data.length; i += ROUNDS_PER_WRITE) {
    const batch = list.data.slice(i, i + ROUNDS_PER_WRITE);
    const rounds = await Promise.all(
      batch.map(
        async (summary) =>
          (await api.getJson(`/measure-round/${encodeURIComponent(summary.mrId)}`, MeasureRoundSchema)).data,
      ),
    );
    const changed: RoundDoc[] = [];
    for (const round of rounds) {
      const doc = {
        mrId: String(round.mrId),
        mrName: round.mrName,
        mrGroup: round.mrGroup,
        mrVersion,
        entries: round.entries,
        fetchedAt: Date.now(),
      };
      // an unchanged round is not written again: its mrVersion (the list's Date header) is read nowhere
      const stored = await db.rounds.findOne(doc.mrId).exec();
      if (differs(stored?.toJSON(), doc, ['fetchedAt', 'mrVersion'])) changed.push(doc);
    }
    if (changed.length > 0) await db.rounds.bulkUpsert(changed);
  }
  const listed = new Set(list.data.map((r) => String(r.mrId)));
  const stale = await db.rounds.find({ selector: { mrId: { $nin: [...listed] } } }).exec();
  for (const round of stale) {
    const unsent = await db.offlineInstances
      .count({ selector: { mrId: round.mrId, syncState: { $ne: 'sent' } } })
      .exec();
    if (unsent === 0) await round.remove();
  }
  return list.data.length;
}
