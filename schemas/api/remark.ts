import * as v from 'valibot';

export const LocationSchema = v.object({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
});
export type Location = v.InferOutput<typeof LocationSchema>;

/** §3 Remark: text, location, image ids; imageURLs are filled by the client for display only. */
export const RemarkSchema = v.object({
  text: v.optional(v.pipe(v.string(), v.maxLength(4000, 'remark text is longer than 4000 characters'))),
  location: v.optional(LocationSchema),
  images: v.optional(v.array(v.pipe(v.string(), v.maxLength(100)))),
  imageURLs: v.optional(v.array(v.string())),
});
export type Remark = v.InferOutput<typeof RemarkSchema>;
