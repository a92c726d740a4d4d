import * as v from 'valibot';
import { RemarkSchema } from './remark';

/** §3 Historic value; tsRemark is text or a remark object. */
export const HistoricValueSchema = v.object({
  instanceId: v.optional(v.nullable(v.string())),
  tsId: v.string(),
  dt: v.string(),
  value: v.nullable(v.number()),
  staRemark: v.optional(v.nullable(v.union([v.string(), RemarkSchema]))),
  tsRemark: v.optional(v.nullable(v.union([v.string(), RemarkSchema]))),
});
export type HistoricValue = v.InferOutput<typeof HistoricValueSchema>;
export const HistoricValueListSchema = v.object({ values: v.array(HistoricValueSchema) });
/** @internal the pulled answer's shape as tests and the soak read it */
export type HistoricValueList = v.InferOutput<typeof HistoricValueListSchema>;
