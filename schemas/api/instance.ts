import * as v from 'valibot';
import { MeasureRoundEntrySchema } from './entry';

/** §3 offline/completed form of a round: a stored copy under an instanceId with the entered data. */
export const OfflineInstanceSchema = v.object({
  instanceId: v.string(),
  mrId: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  mrName: v.string(),
  mrGroup: v.optional(v.string()),
  creationTime: v.string(),
  mrTeam: v.optional(v.string()),
  mrRemark: v.optional(v.string()),
  entries: v.array(MeasureRoundEntrySchema),
});
export type OfflineInstance = v.InferOutput<typeof OfflineInstanceSchema>;
