import type { Draft } from '../schemas/db/draft-doc';
import type { FacilityDoc } from '../schemas/db/facility-doc';
import type { TaskDoc } from '../schemas/db/task-doc';
import type { AppDatabase } from '../src/db/database';

export interface BuildContext {
  /** the config's default time (HH:mm) for values typed without a time */
  defaultTime: string;
  /** image ids of the instance's photos per timeseries, for the remarks of the post */
  photoIdsByTsId: ReadonlyMap<string, string[]>;
  /** station tasks changed in this instance */
  tasks: readonly TaskDoc[];
  /** station facilities changed in this instance */
  facilities: readonly FacilityDoc[];
  /** what was typed per timeseries, as stored */
  drafts: readonly Draft[];
  /** config tsFormulaGenerator: formula entries carry their calculated value (§4) */
  formulaGenerator?: boolean;
  /** the zone the typed times are in (§5 MEZ mode: fixed UTC+1); the stations' wall clock when absent */
  zone?: string;
}

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
