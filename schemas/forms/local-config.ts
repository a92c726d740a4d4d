import * as v from 'valibot';

/** Settings a user changed on this device (/config, stored under the reference key `localConfig`). */
export const LocalConfigSchema = v.object({
  mode: v.optional(v.picklist([1, 2])),
  defaultTime: v.optional(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))),
  virtualKeyboard: v.optional(v.boolean()),
  printBeforeSave: v.optional(v.boolean()),
});
export type LocalConfig = v.InferOutput<typeof LocalConfigSchema>;
