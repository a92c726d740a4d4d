import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

/**
 * A station facility changed on this device (§3 Station facility): NEW, EDIT and/or MOVE, or taken out
 * of service. It belongs to the open instance and is sent with it; the id makes the server apply it once.
 */
export const FacilityDocSchema = v.object({
  id: v.string(),
  instanceId: v.string(),
  mrId: v.string(),
  /** the station it belonged to when changed (its entry carries the change) */
  staNumber: v.string(),
  action: v.array(v.picklist(['NEW', 'EDIT', 'MOVE'])),
  invalid: v.boolean(),
  name: v.string(),
  number: v.optional(v.string()),
  model: v.string(),
  attributes: v.record(v.string(), v.union([v.string(), v.number(), v.null()])),
  stations: v.array(v.string()),
  originalName: v.optional(v.string()),
  originalAttributes: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.null()]))),
  updatedAt: v.number(),
});
export type FacilityDoc = v.InferOutput<typeof FacilityDocSchema>;

export const facilityJsonSchema: RxJsonSchema<FacilityDoc> = {
  title: 'facilities',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    instanceId: { type: 'string', maxLength: 64 },
    mrId: { type: 'string' },
    staNumber: { type: 'string' },
    action: { type: 'array', items: { type: 'string' } },
    invalid: { type: 'boolean' },
    name: { type: 'string' },
    number: { type: 'string' },
    model: { type: 'string' },
    attributes: { type: 'object' },
    stations: { type: 'array', items: { type: 'string' } },
    originalName: { type: 'string' },
    originalAttributes: { type: 'object' },
    updatedAt: { type: 'number' },
  },
  required: [
    'id',
    'instanceId',
    'mrId',
    'staNumber',
    'action',
    'invalid',
    'name',
    'model',
    'attributes',
    'stations',
    'updatedAt',
  ],
  indexes: ['instanceId'],
};
