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

/**
 * Whether the drafts of an instance changed since `read` (the build context the post was built from): a draft
 * written, changed or removed since. Another tab's key checks that the round is editable and then writes, in two
 * IndexedDB transactions (two databases); a submit committed between them takes the round on its way, and that key
 * comes after the post was built. The send must not mark the round sent without it.
 */
export async function draftsChangedSince(
  db: AppDatabase,
  instanceId: string,
  read: BuildContext['drafts'],
): Promise<boolean> {
  const before = new Map(read.map((d) => [d.tsId, d.updatedAt]));
  const now = await db.drafts.find({ selector: { instanceId } }).exec();
  return now.length !== before.size || now.some((d) => before.get(d.tsId) !== d.updatedAt);
}
