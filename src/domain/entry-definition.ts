import type { MeasureRoundEntry } from '../../schemas/api';

// A round's entries are the same objects for as long as the round is stored, and the tour asks for every entry's
// definition on every key: one copy per entry object, not one per call.
const definitions = new WeakMap<MeasureRoundEntry, MeasureRoundEntry>();

/**
 * The entry without the server's open station tasks and facilities: those are the server's, and only this device's
 * changes are sent. The same object for the same entry; never change it.
 */
export function definitionOf(entry: MeasureRoundEntry): MeasureRoundEntry {
  if (!('staTasks' in entry) && !('staFacilities' in entry)) return entry;
  const known = definitions.get(entry);
  if (known) return known;
  const { staTasks: _tasks, staFacilities: _facilities, ...definition } = entry;
  definitions.set(entry, definition);
  return definition;
}
