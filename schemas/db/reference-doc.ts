import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

/**
 * Small reference data (config, discharge meters, facility models, server info, documents, map data)
 * kept in one keyed collection so that the app stays within the free RxDB tier's ~12 collections.
 */
export const ReferenceDocSchema = v.object({
  key: v.string(),
  data: v.unknown(),
  etag: v.optional(v.string()),
  fetchedAt: v.number(),
});
export type ReferenceDoc = v.InferOutput<typeof ReferenceDocSchema>;

export const referenceJsonSchema: RxJsonSchema<ReferenceDoc> = {
  title: 'reference',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 200 },
    data: {},
    etag: { type: 'string' },
    fetchedAt: { type: 'number' },
  },
  required: ['key', 'fetchedAt'],
};
