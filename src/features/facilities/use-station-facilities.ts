import { useMemo } from 'react';
import { map } from 'rxjs';
import type { StationFacility } from '../../../schemas/api';
import type { FacilityDoc } from '../../../schemas/db/facility-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useWriteReporter } from '../../db/use-write-reporter';
import { createFacility, saveFacilityChange, undoFacilityChange, type FacilityEdit } from '../../db/facility-commands';

export type Attributes = Record<string, string | number | null>;

export interface FacilityView {
  id: string;
  name: string;
  model: string;
  number?: string;
  attributes: Attributes;
  /** where it stands after this device's changes */
  staNumber: string;
  invalid: boolean;
  isNew: boolean;
  changed: boolean;
}

/** The server's facilities of a station with this device's changes applied, plus new ones. */
export function mergeFacilities(
  staNumber: string,
  server: readonly StationFacility[],
  local: readonly FacilityDoc[],
): FacilityView[] {
  const byId = new Map(local.map((f) => [f.id, f]));
  const views: FacilityView[] = server.map((f) => {
    const change = f.id ? byId.get(f.id) : undefined;
    return {
      id: f.id ?? '',
      name: change?.name ?? f.name ?? '',
      model: f.model ?? '',
      number: f.number,
      attributes: change?.attributes ?? f.attributes ?? {},
      staNumber: change?.stations[0] ?? staNumber,
      invalid: change?.invalid ?? false,
      isNew: false,
      changed: Boolean(change),
    };
  });
  // a new facility the server lists already (its round was sent) is shown once, as the server's
  const known = new Set(server.map((f) => f.id));
  const created = local.filter((f) => f.action.includes('NEW') && f.staNumber === staNumber && !known.has(f.id));
  return [
    ...views,
    ...created.map((f) => ({
      id: f.id,
      name: f.name,
      model: f.model,
      number: f.number,
      attributes: f.attributes,
      staNumber: f.stations[0] ?? staNumber,
      invalid: f.invalid,
      isNew: true,
      changed: true,
    })),
  ];
}

export type { FacilityEdit };

// one empty list, so the memos depending on the changes are not re-run on every render before the read
const NO_FACILITIES: readonly FacilityDoc[] = [];

export interface StationFacilityActions {
  local: readonly FacilityDoc[];
  /** the instance's facility changes are read (before, `local` is empty whatever is stored) */
  read: boolean;
  save(staNumber: string, original: StationFacility, edit: FacilityEdit): Promise<boolean>;
  create(staNumber: string, model: string, name: string, attributes: Attributes): Promise<boolean>;
  undo(id: string): Promise<boolean>;
  /** the last change that could not be stored (the round is on its way, full storage); null after a good one */
  writeError: unknown;
}

/**
 * Facility changes are stored at once under the open instance (created on first use), through the facility
 * commands, which record each change as an edit of the round so its next send carries it.
 */
export function useStationFacilities(
  mrId: string,
  instanceId: string | undefined,
  ensureInstance: () => Promise<string>,
): StationFacilityActions {
  const db = useDb();
  const stored = useObservable<FacilityDoc[] | undefined>(
    () =>
      instanceId
        ? db.facilities.find({ selector: { instanceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : undefined,
    undefined,
    [db, instanceId],
  );
  const local = stored ?? NO_FACILITIES;
  // without an instance there are none to read
  const read = instanceId === undefined || stored !== undefined;
  const { writeError, report } = useWriteReporter('a facility change');

  const save = useMemo(
    () =>
      report(async (staNumber: string, original: StationFacility, edit: FacilityEdit) =>
        saveFacilityChange(db, await ensureInstance(), { mrId, staNumber, original }, edit),
      ),
    [report, db, mrId, ensureInstance],
  );
  const create = useMemo(
    () =>
      report(async (staNumber: string, model: string, name: string, attributes: Attributes) =>
        createFacility(db, await ensureInstance(), { mrId, staNumber, model, name, attributes }),
      ),
    [report, db, mrId, ensureInstance],
  );
  const undo = useMemo(
    () => report(async (id: string) => (instanceId ? undoFacilityChange(db, instanceId, id) : undefined)),
    [report, db, instanceId],
  );

  return useMemo(
    () => ({ local, read, save, create, undo, writeError }),
    [local, read, save, create, undo, writeError],
  );
}
