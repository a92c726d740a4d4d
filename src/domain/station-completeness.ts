import type { MeasureRoundEntry } from '../../schemas/api';
import { applyDrafts } from './build-round-post';
import { isStationComplete } from './filled';
import { calculatedValuesOf } from './formula-values';
import type { BuildContext, PostInstance } from './post-context';
import { originalTsId } from './station-copies';

/**
 * Every station's completeness (§4) over the entries as they would be posted, with what each station's answer was
 * worked out from: the next call works out again only the stations whose inputs changed. A key in the tour changes
 * one station; working out all 400 of a big round on every key made each key wait (issue 31).
 */
export interface Completeness {
  complete: ReadonlyMap<string, boolean>;
  /** what every station's entries depend on: the round, its date and the config's rules */
  basis: readonly unknown[];
  /** per station, what of the drafts, photos, tasks, facilities and calculated values its entries are built from */
  inputs: ReadonlyMap<string, readonly unknown[]>;
}

const NOTHING: readonly unknown[] = [];

export function stationCompleteness(
  round: { entries: readonly MeasureRoundEntry[] },
  instance: PostInstance,
  ctx: BuildContext,
  previous?: Completeness,
): Completeness {
  const basis = [round.entries, instance.date, ctx.defaultTime, ctx.zone, ctx.formulaGenerator];
  const index = stationIndex(round.entries);
  const inputs = inputsByStation(round, ctx, index);
  const sameBasis = previous !== undefined && sameItems(previous.basis, basis);
  const stale = new Set<string>();
  for (const staNumber of index.stations) {
    const before = sameBasis ? previous.inputs.get(staNumber) : undefined;
    const known = sameBasis && previous.complete.has(staNumber);
    if (!known || !sameItems(before ?? NOTHING, inputs.get(staNumber) ?? NOTHING)) stale.add(staNumber);
  }
  const entriesOf = new Map<string, MeasureRoundEntry[]>();
  if (stale.size > 0)
    for (const e of applyDrafts(round, instance, ctx, stale)) {
      const list = entriesOf.get(e.staNumber);
      if (list) list.push(e);
      else entriesOf.set(e.staNumber, [e]);
    }
  const complete = new Map<string, boolean>();
  const opts = { formulaGenerator: ctx.formulaGenerator === true };
  for (const staNumber of index.stations)
    complete.set(
      staNumber,
      stale.has(staNumber)
        ? isStationComplete(entriesOf.get(staNumber) ?? [], opts)
        : previous?.complete.get(staNumber) === true,
    );
  return { complete, basis, inputs };
}

/**
 * Per station, everything of `ctx` that applyDrafts reads for its entries, in a fixed order: the drafts of its
 * timeseries and their copies, its photos, tasks and facility changes, and its entries' calculated values. A station
 * whose list is the same, item by item, has the same entries as posted.
 */
function inputsByStation(
  round: { entries: readonly MeasureRoundEntry[] },
  ctx: BuildContext,
  index: StationIndex,
): Map<string, unknown[]> {
  const inputs = new Map<string, unknown[]>();
  const add = (staNumber: string | undefined, ...items: unknown[]) => {
    if (staNumber === undefined) return;
    const list = inputs.get(staNumber);
    if (list) list.push(...items);
    else inputs.set(staNumber, items);
  };
  for (const d of ctx.drafts) add(index.stationOf(d.copyOf ?? d.tsId), d);
  for (const [tsId, ids] of ctx.photoIdsByTsId) add(index.stationOf(tsId), 'photos', tsId, ...ids);
  for (const t of ctx.tasks) add(t.staNumber, t);
  for (const f of ctx.facilities) add(f.staNumber, f);
  if (ctx.formulaGenerator)
    for (const [tsId, value] of calculatedValuesOf(round.entries, ctx.drafts))
      add(index.stationOf(tsId), 'calculated', tsId, value);
  return inputs;
}

interface StationIndex {
  /** the round's stations in their order */
  stations: readonly string[];
  /** the station of a timeseries of the round or of a copy of one */
  stationOf(tsId: string): string | undefined;
}

// one index per round: the entries array is the same for as long as the round is stored
const indexes = new WeakMap<readonly MeasureRoundEntry[], StationIndex>();

function stationIndex(entries: readonly MeasureRoundEntry[]): StationIndex {
  const known = indexes.get(entries);
  if (known) return known;
  const byTsId = new Map<string, string>();
  const stations = new Set<string>();
  for (const e of entries) {
    byTsId.set(e.tsId, e.staNumber);
    stations.add(e.staNumber);
  }
  const index: StationIndex = {
    stations: [...stations],
    stationOf: (tsId) => byTsId.get(tsId) ?? byTsId.get(originalTsId(tsId)),
  };
  indexes.set(entries, index);
  return index;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
}
