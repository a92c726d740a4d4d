import * as v from 'valibot';
import { ConfigSchema, MeasureRoundListSchema, MeasureRoundSchema, ServerInfoSchema } from '../schemas/api';
import type { AppDatabase } from '../src/db/database';
import type { RoundDoc } from '../schemas/db/round-doc';
import type { ApiClient } from './api-client';
import { differs, upsertReference } from './unchanged';
import { claimPulledData } from './user-data';

/** Stores a reference document; on failure the stored copy stays in use (§8: logged, not fatal). */
async function pullReference<S extends v.GenericSchema>(
  db: AppDatabase,
  api: ApiClient,
  key: string,
  path: string,
  schema: S,
): Promise<void> {
  try {
    const { data, etag } = await api.getJson(path, schema);
    await upsertReference(db, { key, data, etag, fetchedAt: Date.now() });
  } catch (e) {
    console.warn(`loading ${key} failed, using the stored copy`, e);
  }
}

export async function pullConfig(db: AppDatabase, api: ApiClient): Promise<void> {
  await pullReference(db, api, 'config', '/config', ConfigSchema);
}

/**
 * /info names the user the pull is answered for (shared devices): the data pulled for another user is
 * wiped before anything of this one's is stored. Unlike the other reference data, a failure here fails the pull:
 * without knowing the user, the rest must not be mixed into another user's data.
 */
export async function pullServerInfo(db: AppDatabase, api: ApiClient): Promise<void> {
  const { data, etag } = await api.getJson('/info', ServerInfoSchema);
  await claimPulledData(db, data.username);
  await upsertReference(db, { key: 'serverInfo', data, etag, fetchedAt: Date.now() });
}

/** Bounds the memory a pull holds: a round of 2,000 entries is some hundred KB. */
const ROUNDS_PER_WRITE = 10;

/**
 * Pulls every round the user may see. A round the server no longer lists is removed from the local
 * copy only when no unsent instance refers to it, so unsent work always keeps its round.
 */
export async function pullRounds(db: AppDatabase, api: ApiClient): Promise<number> {
  const list = await api.getJson('/measure-round', MeasureRoundListSchema);
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
