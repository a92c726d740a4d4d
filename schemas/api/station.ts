import * as v from 'valibot';

export const AttributeTypeSchema = v.object({
  name: v.string(),
  shortname: v.optional(v.string()),
  type: v.optional(v.string()),
  digits: v.optional(v.number()),
  unit: v.optional(v.string()),
  listName: v.optional(v.string()),
  listValues: v.optional(v.array(v.string())),
});
export const FacilityModelSchema = v.object({
  type: v.string(),
  name: v.string(),
  manufacturer: v.optional(v.string()),
  attributeTypes: v.optional(v.array(AttributeTypeSchema)),
  comment: v.optional(v.string()),
});
export type FacilityModel = v.InferOutput<typeof FacilityModelSchema>;

export const FacilityActionSchema = v.picklist(['NEW', 'EDIT', 'MOVE']);
export const StationFacilitySchema = v.object({
  action: v.optional(v.array(FacilityActionSchema)),
  invalid: v.optional(v.boolean()),
  number: v.optional(v.string()),
  name: v.optional(v.string()),
  id: v.optional(v.string()),
  model: v.optional(v.string()),
  stations: v.optional(v.array(v.string())),
  attributes: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.null()]))),
  originalName: v.optional(v.string()),
  originalAttributes: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.null()]))),
});
export type StationFacility = v.InferOutput<typeof StationFacilitySchema>;

export const StationTaskSchema = v.object({
  taskId: v.string(),
  taskType: v.string(),
  taskDone: v.optional(v.boolean()),
  staNumber: v.string(),
  creationTime: v.optional(v.string()),
  text: v.optional(v.string()),
  /** Client-side flag for a task created in the field (counts as filled, §4). */
  isNew: v.optional(v.boolean()),
});
export type StationTask = v.InferOutput<typeof StationTaskSchema>;
