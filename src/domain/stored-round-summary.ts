import type { Location, MeasureRoundEntry } from '../../schemas/api';
import { locationFromMetadata } from './location';

type SummarizedEntry = Pick<
  MeasureRoundEntry,
  'staNumber' | 'staLocation' | 'staMetadata' | 'last' | 'min' | 'staRemarks'
>;

/**
 * The summary of a stored round's entries: how many there are, how many come with history (a last value, a range
 * or station remarks: what the tour shows beside the input), and one location per located station (its own, else
 * the one in its metadata; a station's first located entry counts). Stored as schemas/db/stored-round-summary.ts.
 */
export function summarizeStoredRound(entries: readonly SummarizedEntry[]) {
  const located = new Map<string, Location>();
  let entriesWithHistory = 0;
  for (const e of entries) {
    const l = e.staLocation ?? locationFromMetadata(e.staMetadata);
    if (l && !located.has(e.staNumber)) located.set(e.staNumber, l);
    if (e.last !== undefined || e.min !== undefined || (e.staRemarks?.length ?? 0) > 0) entriesWithHistory++;
  }
  return { entryCount: entries.length, entriesWithHistory, points: [...located.values()] };
}
