import * as v from 'valibot';
import { LocationSchema } from '../api/remark';

/**
 * What the list of stored rounds shows of one stored outdoor round, written with its snapshot when the round is
 * stored (`storeTour`) and kept in the `reference` collection under `tourSummary:{instanceId}`. The list reads
 * these few numbers instead of the round itself: reading and checking 20 stored snapshots of a 2,000-entry round
 * held up the start page for about 400 ms at normal CPU (docs/benchmarks.md). The snapshot never changes once
 * stored, so neither does its summary.
 */
export const StoredRoundSummarySchema = v.object({
  entryCount: v.number(),
  /** entries with a last value, a range or station remarks */
  entriesWithHistory: v.number(),
  /** one location per located station, for the map tiles to prepare */
  points: v.array(LocationSchema),
});
export const tourSummaryKey = (instanceId: string): string => `tourSummary:${instanceId}`;
