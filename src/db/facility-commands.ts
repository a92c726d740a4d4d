import type { StationFacility } from '../../schemas/api';
import type { FacilityDoc } from '../../schemas/db/facility-doc';
import type { AppDatabase } from './database';
import { withEdit } from './instance-commands';

/**
 * Every write of a station facility change (§3 Station facility). A facility change travels with its round's
 * submission, so each command is an edit of the round (withEdit, src/db/instance-commands.ts).
 */

export type FacilityAttributes = FacilityDoc['attributes'];

export interface FacilityEdit {
  name: string;
  attributes: FacilityAttributes;
  moveTo: string;
  invalid: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a change of `original` does: EDIT and/or MOVE (empty: nothing but maybe taken out of service). */
function facilityActions(staNumber: string, original: StationFacility, edit: FacilityEdit): FacilityDoc['action'] {
  const action: FacilityDoc['action'] = [];
  if (edit.name !== original.name || !same(edit.attributes, original.attributes ?? {})) action.push('EDIT');
  if (edit.moveTo !== staNumber) action.push('MOVE');
  return action;
}

/**
 * Stores the change of a server facility in the round `instanceId`; a change that leaves it as the server has it
 * takes the stored change back.
 */
export async function saveFacilityChange(
  db: AppDatabase,
  instanceId: string,
  target: { mrId: string; staNumber: string; original: StationFacility },
  edit: FacilityEdit,
): Promise<void> {
  const { mrId, staNumber, original } = target;
  const action = facilityActions(staNumber, original, edit);
  await withEdit(db, instanceId, async () => {
    if (action.length === 0 && !edit.invalid) {
      const existing = original.id ? await db.facilities.findOne(original.id).exec() : null;
      if (existing?.instanceId === instanceId) await existing.remove(); // back to the server's state
      return;
    }
    await db.facilities.upsert({
      id: original.id ?? crypto.randomUUID(),
      instanceId,
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
  });
}

/** A new facility at a station, in the round `instanceId`. Resolves to its id. */
export function createFacility(
  db: AppDatabase,
  instanceId: string,
  facility: { mrId: string; staNumber: string; model: string; name: string; attributes: FacilityAttributes },
): Promise<string> {
  return withEdit(db, instanceId, async () => {
    const id = crypto.randomUUID();
    await db.facilities.insert({
      id,
      instanceId,
      mrId: facility.mrId,
      staNumber: facility.staNumber,
      action: ['NEW'],
      invalid: false,
      name: facility.name,
      model: facility.model,
      attributes: facility.attributes,
      stations: [facility.staNumber],
      updatedAt: Date.now(),
    });
    return id;
  });
}

/** Takes a facility change of the round back (a new facility is dropped). */
export async function undoFacilityChange(db: AppDatabase, instanceId: string, id: string): Promise<void> {
  const existing = await db.facilities.findOne(id).exec();
  if (!existing || existing.instanceId !== instanceId) return;
  await withEdit(db, instanceId, () => existing.remove());
}
