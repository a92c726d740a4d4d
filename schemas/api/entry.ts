import * as v from 'valibot';
import { IsoDateTimeSchema, StaNumberSchema, TsIdSchema } from './brands';
import {
  DepthProfileRowSchema,
  DischargeProtocolSchema,
  DischargeValueSchema,
  SnowWaterEquivalentSchema,
} from './discharge';
import { FormulaNodeSchema } from './formula';
import { LocationSchema, RemarkSchema } from './remark';
import { StationFacilitySchema, StationTaskSchema } from './station';

export const PlausibilityCheckSchema = v.object({ min: v.optional(v.number()), max: v.optional(v.number()) });
export type PlausibilityCheck = v.InferOutput<typeof PlausibilityCheckSchema>;

/**
 * Extension of the reference server (full profile): the plausibility ranges a series had before today's
 * `tsPlausibilityCheck`, each with the period it applied in (`from` inclusive, `to` exclusive, ISO; an open
 * end is unbounded). §5 checks the previous value against "the range that applied then"; the spec gives no
 * field for past ranges, so without this one (a vendor or spec-only server) today's range stands in for them.
 */
export const PlausibilityPeriodSchema = v.object({
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  min: v.optional(v.number()),
  max: v.optional(v.number()),
});
export type PlausibilityPeriod = v.InferOutput<typeof PlausibilityPeriodSchema>;

/** §3 "Historic data" carried on an entry by the server. */
export const EntryHistorySchema = {
  last: v.optional(v.object({ dt: v.string(), value: v.nullable(v.number()) })),
  min: v.optional(v.number()),
  max: v.optional(v.number()),
  minExcludingLast: v.optional(v.number()),
  maxExcludingLast: v.optional(v.number()),
  sameDay: v.optional(v.array(v.object({ dt: v.string(), value: v.nullable(v.number()) }))),
  staRemarks: v.optional(v.array(v.object({ dt: v.string(), text: v.string() }))),
};

/** The station and timeseries of one entry, as the server describes them (§3 Measure round entry). */
export const EntryDefinitionFields = {
  siteName: v.optional(v.string()),
  siteNumber: v.optional(v.string()),
  staName: v.string(),
  staNumber: StaNumberSchema,
  staOrdinal: v.optional(v.nullable(v.number())),
  staSubOrdinal: v.optional(v.nullable(v.number())),
  staLocation: v.optional(LocationSchema),
  staMetadata: v.optional(v.record(v.string(), v.unknown())),
  staFacilities: v.optional(v.array(StationFacilitySchema)),
  staTasks: v.optional(v.array(StationTaskSchema)),
  tsId: TsIdSchema,
  tsName: v.optional(v.string()),
  tsParameter: v.string(),
  tsUnit: v.optional(v.string()),
  tsPlausibilityCheck: v.optional(PlausibilityCheckSchema),
  tsPlausibilityHistory: v.optional(v.array(PlausibilityPeriodSchema)),
  tsBarcode: v.optional(v.string()),
  tsFormula: v.optional(FormulaNodeSchema),
  tsFormulaString: v.optional(v.string()),
};

/** Data a user enters on an entry (§3 "Entered data"). */
export const EntryInputFields = {
  dt: v.optional(IsoDateTimeSchema),
  value: v.optional(v.nullable(v.number())),
  valueAfter: v.optional(v.nullable(v.number())),
  calculatedValue: v.optional(v.nullable(v.number())),
  tsRemark: v.optional(RemarkSchema),
  staRemark: v.optional(RemarkSchema),
  depthProfile: v.optional(v.array(DepthProfileRowSchema)),
  dischargeProtocol: v.optional(DischargeProtocolSchema),
  dischargeValue: v.optional(DischargeValueSchema),
  snowWaterEquivalent: v.optional(SnowWaterEquivalentSchema),
};

export const MeasureRoundEntrySchema = v.object({
  ...EntryDefinitionFields,
  ...EntryHistorySchema,
  ...EntryInputFields,
});
export type MeasureRoundEntry = v.InferOutput<typeof MeasureRoundEntrySchema>;
