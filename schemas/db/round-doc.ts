import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { MeasureRoundEntrySchema } from '../api/entry';

/** A round as pulled from GET /measure-round/{mrId}; mrVersion is the server's Date header (§3). */
export const RoundDocSchema = v.object({
  mrId: v.string(),
  mrName: v.string(),
  mrGroup: v.optional(v.string()),
  mrVersion: v.string(),
  entries: v.array(MeasureRoundEntrySchema),
  fetchedAt: v.number(),
});
export type RoundDoc = v.InferOutput<typeof RoundDocSchema>;

export const roundJsonSchema: RxJsonSchema<RoundDoc> = {
  title: 'rounds',
  version: 0,
  primaryKey: 'mrId',
  type: 'object',
  properties: {
    mrId: { type: 'string', maxLength: 128 },
    mrName: { type: 'string', maxLength: 256 },
    mrGroup: { type: 'string' },
    mrVersion: { type: 'string' },
    entries: { type: 'array', items: { type: 'object' } },
    fetchedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['mrId', 'mrName', 'mrVersion', 'entries', 'fetchedAt'],
  indexes: ['mrName'],
};
