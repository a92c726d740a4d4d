import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { HistoricValueSchema } from '../api/historic-value';

/** One historic value inside its series document: the API's value without the tsId the document already names. */
export const HistoricPointSchema = v.omit(HistoricValueSchema, ['tsId']);
export type HistoricPoint = v.InferOutput<typeof HistoricPointSchema>;

/**
 * The stored history of one timeseries (§3), ONE document per tsId: the values oldest first and
 * the newest dt ('' never stored: a series without values has no document). One document per series instead
 * of one per value makes the first pull of 2,000 series × 60 days 2,000 writes instead of 120,000, and the
 * row history a lookup by primary key.
 */
export const HistoricSeriesDocSchema = v.object({
  tsId: v.string(),
  values: v.array(HistoricPointSchema),
  newestDt: v.string(),
});
export type HistoricSeriesDoc = v.InferOutput<typeof HistoricSeriesDocSchema>;

export const historicSeriesJsonSchema: RxJsonSchema<HistoricSeriesDoc> = {
  title: 'historicValues',
  // v0 held one document per value (id `tsId|dt`); v1 one per series. History is a server cache: the
  // migration drops the v0 documents and the pull loads them again (replication/pull-history.ts).
  version: 1,
  primaryKey: 'tsId',
  type: 'object',
  properties: {
    tsId: { type: 'string', maxLength: 200 },
    newestDt: { type: 'string', maxLength: 40 },
    values: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          dt: { type: 'string' },
          value: { type: ['number', 'null'] },
          instanceId: { type: ['string', 'null'] },
          staRemark: {},
          tsRemark: {},
        },
        required: ['dt'],
      },
    },
  },
  required: ['tsId', 'values', 'newestDt'],
};
