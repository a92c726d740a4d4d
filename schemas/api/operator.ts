import * as v from 'valibot';

/** A problem of an uploaded station network or history file, as the operator sees it (docs/operator.md). */
export const NetworkProblemSchema = v.object({
  file: v.string(),
  /** spreadsheet row, the header is row 1 (line number in a ZRXP file) */
  row: v.optional(v.number()),
  column: v.optional(v.string()),
  message: v.string(),
});
export type NetworkProblemAnswer = v.InferOutput<typeof NetworkProblemSchema>;

const KindChangesSchema = v.object({
  added: v.array(v.string()),
  changed: v.array(v.string()),
  removed: v.array(v.string()),
});

/** POST /admin/network: what was (or, in a dry run, would be) added, changed and removed per kind. */
export const NetworkImportResultSchema = v.object({
  applied: v.boolean(),
  changes: v.record(v.string(), KindChangesSchema),
});
export type NetworkImportResult = v.InferOutput<typeof NetworkImportResultSchema>;

/** POST /admin/history: values read per series. */
export const HistoryImportResultSchema = v.object({
  applied: v.boolean(),
  values: v.number(),
  series: v.record(v.string(), v.number()),
});
export type HistoryImportResult = v.InferOutput<typeof HistoryImportResultSchema>;

/** A 400 of an operator upload: every problem, not only the first. */
export const NetworkInvalidAnswerSchema = v.object({
  message: v.string(),
  field: v.optional(v.string()),
  code: v.optional(v.string()),
  problems: v.array(NetworkProblemSchema),
});
