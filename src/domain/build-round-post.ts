import { draftTimestamp } from './draft-time';
import type { MeasureRoundEntry, MeasureRoundPost, StationTask } from '../../schemas/api';
import { withEntries, type BuildContext, type PostFacility, type PostInstance } from './post-context';
import { readsRoundValues } from './formula';
import { remarkToPost } from './location';
import { buildPost, type SubmissionError } from './submission';
import { parseNumberInput } from './numbers';
import { copyEntries, restoreCopyTsIds } from './station-copies';
import { calculatedValuesOf } from './formula-values';
import { definitionOf } from './entry-definition';

type Built = { post: MeasureRoundPost } | { errors: SubmissionError[] };

/**
 * Merges the drafts typed on the table into the round's entries, the shape the domain posts. With `stations`, only
 * those stations' entries, each exactly as the whole round's would be (the tour's completeness asks for the few
 * stations a key changed).
 */
export function applyDrafts(
  round: { entries: readonly MeasureRoundEntry[] },
  instance: PostInstance,
  ctx: BuildContext,
  stations?: ReadonlySet<string>,
): MeasureRoundEntry[] {
  const byTs = new Map(ctx.drafts.map((d) => [d.tsId, d]));
  // §4: with the formula generator configured, a formula that reads this round's values sends its result.
  const calculated = ctx.formulaGenerator ? calculatedValuesOf(round.entries, ctx.drafts) : new Map<string, number>();
  // Station tasks travel on the first entry of their station (§3: staTasks belong to the station).
  const firstOfStation = new Set<string>();
  // §5 station copies follow the round's entries and are posted under their original tsId with their own time
  // a copy is of its original's station: the chosen stations' entries have all their copies' originals
  const own = stations ? round.entries.filter((e) => stations.has(e.staNumber)) : round.entries;
  const withCopies = [...own, ...copyEntries(own, ctx.drafts)];
  const applied = withCopies.map((entry) => {
    const first = !firstOfStation.has(entry.staNumber);
    firstOfStation.add(entry.staNumber);
    const tasks = first ? ctx.tasks.filter((t) => t.staNumber === entry.staNumber) : [];
    const facilities = first ? ctx.facilities.filter((f) => f.staNumber === entry.staNumber) : [];
    return tasks.length + facilities.length > 0
      ? withStationChanges(applyDraft(entry), tasks, facilities, instance, ctx)
      : applyDraft(entry);
  });
  return restoreCopyTsIds(applied, ctx.drafts);

  function applyDraft(withServerTasks: MeasureRoundEntry): MeasureRoundEntry {
    const entry = definitionOf(withServerTasks);
    const draft = byTs.get(entry.tsId);
    const images = ctx.photoIdsByTsId.get(entry.tsId);
    const calculatedValue =
      entry.tsFormula && readsRoundValues(entry.tsFormula) ? calculated.get(entry.tsId) : undefined;
    if (!draft && !images && calculatedValue === undefined) return entry;
    const parsed = parseNumberInput(draft?.text ?? '');
    const after = parseNumberInput(draft?.valueAfterText ?? '');
    const remark = draft?.remark?.trim();
    const staRemark = draft?.staRemark?.trim();
    const dt = draftTimestamp(instance.date, draft?.time, ctx) as MeasureRoundEntry['dt'];
    return {
      ...entry,
      dt,
      value: parsed?.kind === 'number' ? parsed.value : undefined,
      ...(after?.kind === 'number' ? { valueAfter: after.value } : {}),
      ...(calculatedValue !== undefined ? { calculatedValue } : {}),
      // §3 Remark: a geo:lat,lon in the text is sent as the remark's location too
      tsRemark: remarkToPost(remark, images),
      ...(staRemark ? { staRemark: remarkToPost(staRemark) } : {}),
      ...(draft?.dischargeValue ? { dischargeValue: draft.dischargeValue } : {}),
      // the protocol is dated with its reading
      ...(draft?.dischargeProtocol ? { dischargeProtocol: { ...draft.dischargeProtocol, ...(dt ? { dt } : {}) } } : {}),
      ...(draft?.snowWaterEquivalent ? { snowWaterEquivalent: draft.snowWaterEquivalent } : {}),
      ...(draft?.depthProfile?.length ? { depthProfile: draft.depthProfile } : {}),
    };
  }
}

/** Station tasks and facility changes travel on the first entry of their station. */
function withStationChanges(
  entry: MeasureRoundEntry,
  tasks: readonly StationTask[],
  facilities: readonly PostFacility[],
  instance: PostInstance,
  ctx: BuildContext,
): MeasureRoundEntry {
  return {
    ...entry,
    dt: entry.dt ?? (draftTimestamp(instance.date, undefined, ctx) as MeasureRoundEntry['dt']),
    ...(tasks.length
      ? {
          staTasks: tasks.map((t) => ({
            taskId: t.taskId,
            taskType: t.taskType,
            staNumber: t.staNumber,
            taskDone: t.taskDone,
            isNew: t.isNew,
            creationTime: t.creationTime,
            ...(t.text ? { text: t.text } : {}),
          })),
        }
      : {}),
    ...(facilities.length
      ? {
          staFacilities: facilities.map(({ instanceId: _i, mrId: _m, staNumber: _s, updatedAt: _u, ...f }) => f),
        }
      : {}),
  };
}

/** The post of a table or tour instance: the round's entries with what was typed. */
export function buildIndoorPost(
  instance: PostInstance,
  round: { entries: readonly MeasureRoundEntry[] },
  ctx: BuildContext,
): Built {
  const entries = applyDrafts(round, instance, ctx);
  return buildPost(withEntries(instance, entries));
}

/**
 * The post of any instance, the one builder the submit queue calls: a meteo month carries one entry per day
 * (its builder loads only for a meteo month).
 */
export async function buildInstancePost(
  instance: PostInstance,
  round: { entries: readonly MeasureRoundEntry[] },
  ctx: BuildContext,
): Promise<Built> {
  return instance.mode === 'meteo'
    ? (await import('./build-meteo-post')).buildMeteoPost(instance, round, ctx)
    : buildIndoorPost(instance, round, ctx);
}
