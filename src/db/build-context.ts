import { canonicalJson } from '../domain/canonical-json';
import type { BuildContext } from '../domain/post-context';
import type { AppDatabase } from './database';

/**
 * Everything of an instance the post is built from, read as stored: the pre-submit checks and the submit queue
 * both read it here, so what the user confirms is what is sent.
 */
export async function loadBuildContext(
  db: AppDatabase,
  instanceId: string,
  opts: { defaultTime: string; formulaGenerator: boolean; zone?: string },
): Promise<BuildContext> {
  const selector = { instanceId };
  const photos = await db.photos.find({ selector }).exec();
  const photoIdsByTsId = new Map<string, string[]>();
  for (const p of photos) photoIdsByTsId.set(p.tsId, [...(photoIdsByTsId.get(p.tsId) ?? []), p.id]);
  const tasks = (await db.tasks.find({ selector }).exec()).map((d) => d.toMutableJSON());
  const facilities = (await db.facilities.find({ selector }).exec()).map((d) => d.toMutableJSON());
  const drafts = (await db.drafts.find({ selector }).exec()).map((d) => d.toMutableJSON());
  return {
    defaultTime: opts.defaultTime,
    photoIdsByTsId,
    tasks,
    facilities,
    drafts,
    formulaGenerator: opts.formulaGenerator,
    ...(opts.zone ? { zone: opts.zone } : {}),
  };
}

/** The photo ids of a build context, in one order. */
const photoIds = (ctx: BuildContext) => [...ctx.photoIdsByTsId.values()].flat().sort().join('|');
const byTask = (list: BuildContext['tasks']) => [...list].sort((a, b) => a.taskId.localeCompare(b.taskId));
const byId = (list: BuildContext['facilities']) => [...list].sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));

/**
 * Whether what a user enters into an instance changed since `read` (the build context the post was built from),
 * read again as the post reads it: a draft, station task or facility change written, changed or removed since, or a
 * photo added or removed. Another tab's key checks that the round is editable and then writes, in two IndexedDB
 * transactions (two databases); a submit committed between them takes the round on its way, and that write comes
 * after the post was built. The send must not mark the round sent without it. A photo's upload mark is not a change.
 */
export async function partsChangedSince(db: AppDatabase, instanceId: string, read: BuildContext): Promise<boolean> {
  const now = await loadBuildContext(db, instanceId, { ...read, formulaGenerator: read.formulaGenerator === true });
  const before = new Map(read.drafts.map((d) => [d.tsId, d.updatedAt]));
  return (
    now.drafts.length !== before.size ||
    now.drafts.some((d) => before.get(d.tsId) !== d.updatedAt) ||
    canonicalJson(byTask(now.tasks)) !== canonicalJson(byTask(read.tasks)) ||
    canonicalJson(byId(now.facilities)) !== canonicalJson(byId(read.facilities)) ||
    photoIds(now) !== photoIds(read)
  );
}
