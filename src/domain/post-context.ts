import type { MeasureRoundEntry, OfflineInstance, StationFacility, StationTask } from '../../schemas/api';
import type { Draft } from '../../schemas/forms/draft';

/**
 * What of a round instance its post is built from (the stored instance document has more; the domain reads
 * only these, so it needs no storage type).
 */
export interface PostInstance {
  instanceId: string;
  mrId: string;
  mrName: string;
  mrGroup?: string;
  mode: 'indoor' | 'outdoor' | 'meteo';
  /** YYYY-MM-DD */
  date: string;
  creationTime: string;
  mrTeam?: string;
  mrRemark?: string;
}

/** A facility change as stored: the posted facility, its station and the device's own bookkeeping. */
export type PostFacility = StationFacility & {
  staNumber: string;
  instanceId?: string;
  mrId?: string;
  updatedAt?: number;
};

export interface BuildContext {
  /** the config's default time (HH:mm) for values typed without a time */
  defaultTime: string;
  /** image ids of the instance's photos per timeseries, for the remarks of the post */
  photoIdsByTsId: ReadonlyMap<string, string[]>;
  /** station tasks changed in this instance */
  tasks: readonly StationTask[];
  /** station facilities changed in this instance */
  facilities: readonly PostFacility[];
  /** what was typed per timeseries, as stored */
  drafts: readonly Draft[];
  /** config tsFormulaGenerator: formula entries carry their calculated value (§4) */
  formulaGenerator?: boolean;
  /** the zone the typed times are in (§5 MEZ mode: fixed UTC+1); the stations' wall clock when absent */
  zone?: string;
}

/** The instance's own fields the post carries, with the entries its builder made: what buildPost checks. */
export function withEntries(instance: PostInstance, entries: MeasureRoundEntry[]): OfflineInstance {
  return {
    instanceId: instance.instanceId,
    mrId: instance.mrId,
    mrName: instance.mrName,
    mrGroup: instance.mrGroup,
    creationTime: instance.creationTime,
    mrTeam: instance.mrTeam,
    mrRemark: instance.mrRemark,
    entries,
  };
}
