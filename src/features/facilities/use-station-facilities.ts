import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import type { StationFacility } from '../../../schemas/api';
import type { FacilityDoc } from '../../../schemas/db/facility-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

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
  const created = local.filter((f) => f.action.includes('NEW') && f.staNumber === staNumber);
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

export interface FacilityEdit {
  name: string;
  attributes: Attributes;
  moveTo: string;
  invalid: boolean;
}

export interface StationFacilityActions {
  local: readonly FacilityDoc[];
  save(staNumber: string, original: StationFacility, edit: FacilityEdit): Promise<void>;
  create(staNumber: string, model: string, name: string, attributes: Attributes): Promise<void>;
  undo(id: string): Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Facility changes are written to RxDB at once, under the open instance (created on first use). */
export function useStationFacilities(
  mrId: string,
  instanceId: string | undefined,
  ensureInstance: () => Promise<string>,
): StationFacilityActions {
  const db = useDb();
  const local = useObservable<FacilityDoc[]>(
    () =>
      instanceId
        ? db.facilities.find({ selector: { instanceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : undefined,
    [],
    [db, instanceId],
  );

  const save = useCallback(
    async (staNumber: string, original: StationFacility, edit: FacilityEdit) => {
      const action: FacilityDoc['action'] = [];
      if (edit.name !== original.name || !same(edit.attributes, original.attributes ?? {})) action.push('EDIT');
      if (edit.moveTo !== staNumber) action.push('MOVE');
      const existing = original.id ? await db.facilities.findOne(original.id).exec() : null;
      if (action.length === 0 && !edit.invalid) {
        await existing?.remove(); // back to the server's state
        return;
      }
      await db.facilities.upsert({
        id: original.id ?? crypto.randomUUID(),
        instanceId: await ensureInstance(),
        mrId,
        staNumber,
        action,
        invalid: edit.invalid,
        name: edit.name,
        ...(original.number ? { number: original.number } : {}),
        model: original.model ?? '',
        attributes: edit.attributes,
        stations: [edit.moveTo],
        ...(original.name ? { originalName: original.name } : {}),
        originalAttributes: original.attributes ?? {},
        updatedAt: Date.now(),
      });
    },
    [db, mrId, ensureInstance],
  );

  const create = useCallback(
    async (staNumber: string, model: string, name: string, attributes: Attributes) => {
      await db.facilities.insert({
        id: crypto.randomUUID(),
        instanceId: await ensureInstance(),
        mrId,
        staNumber,
        action: ['NEW'],
        invalid: false,
        name,
        model,
        attributes,
        stations: [staNumber],
        updatedAt: Date.now(),
      });
    },
    [db, mrId, ensureInstance],
  );

  const undo = useCallback(
    async (id: string) => {
      await (await db.facilities.findOne(id).exec())?.remove();
    },
    [db],
  );

  return useMemo(() => ({ local, save, create, undo }), [local, save, create, undo]);
}
