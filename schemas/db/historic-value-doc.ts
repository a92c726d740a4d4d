import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { HistoricValueSchema } from '../api/historic-value';

/** A historic value, keyed by tsId and timestamp (§3). */
export const HistoricValueDocSchema = v.object({ id: v.string(), ...HistoricValueSchema.entries });
export type HistoricValueDoc = v.InferOutput<typeof HistoricValueDocSchema>;

export const historicValueJsonSchema: RxJsonSchema<HistoricValueDoc> = {
  title: 'historicValues',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 300 },
    instanceId: { type: ['string', 'null'] },
    tsId: { type: 'string', maxLength: 200 },
    dt: { type: 'string', maxLength: 40 },
    value: { type: ['number', 'null'] },
    staRemark: {},
    tsRemark: {},
  },
  required: ['id', 'tsId', 'dt'],
  indexes: [['tsId', 'dt']],
};
