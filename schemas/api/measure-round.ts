import * as v from 'valibot';
import { IsoDateTimeSchema, MrIdSchema, StaNumberSchema, TsIdSchema, UuidSchema } from './brands';
import {
  DepthProfileRowSchema,
  DischargeProtocolSchema,
  DischargeValueSchema,
  SnowWaterEquivalentSchema,
} from './discharge';
import { MeasureRoundEntrySchema } from './entry';
import { RemarkSchema } from './remark';
import { StationFacilitySchema, StationTaskSchema } from './station';

/** One row of GET /measure-round (§7). */
export const MeasureRoundSummarySchema = v.object({
  $type: v.optional(v.literal('MeasureRound')),
  mrId: MrIdSchema,
  mrName: v.string(),
  mrGroup: v.optional(v.string()),
});
export const MeasureRoundListSchema = v.array(MeasureRoundSummarySchema);

/** GET /measure-round/{mrId}: the round with its entries. */
export const MeasureRoundSchema = v.object({
  ...MeasureRoundSummarySchema.entries,
  entries: v.array(MeasureRoundEntrySchema),
});
/** @internal a round as the server answers it, as tests, the soak and benches build it */
export type MeasureRound = v.InferOutput<typeof MeasureRoundSchema>;

const Finite = v.pipe(v.number('value must be a number'), v.finite('value must be a finite number'));

/** One entry as posted: only entries with a value or a remark (§5). */
export const PostEntrySchema = v.object({
  staNumber: StaNumberSchema,
  tsId: TsIdSchema,
  tsParameter: v.optional(v.string()),
  dt: IsoDateTimeSchema,
  value: v.optional(Finite),
  /** §9: the second value is stored 60 s after the main value. */
  valueAfter: v.optional(v.object({ dt: IsoDateTimeSchema, value: Finite })),
  /** §3 calculated value of a formula entry (config tsFormulaGenerator) */
  calculatedValue: v.optional(Finite),
  tsRemark: v.optional(RemarkSchema),
  staRemark: v.optional(RemarkSchema),
  depthProfile: v.optional(v.array(DepthProfileRowSchema)),
  dischargeProtocol: v.optional(DischargeProtocolSchema),
  dischargeValue: v.optional(DischargeValueSchema),
  snowWaterEquivalent: v.optional(SnowWaterEquivalentSchema),
  staTasks: v.optional(v.array(StationTaskSchema)),
  staFacilities: v.optional(v.array(StationFacilitySchema)),
});
export type PostEntry = v.InferOutput<typeof PostEntrySchema>;

/** §3 Measure round post; instanceId makes a submission idempotent. */
export const MeasureRoundPostSchema = v.object({
  $type: v.optional(v.literal('MeasureRoundPost')),
  instanceId: UuidSchema,
  creationTime: IsoDateTimeSchema,
  mrTeam: v.optional(v.pipe(v.string(), v.maxLength(200, 'mrTeam is longer than 200 characters'))),
  mrRemark: v.optional(v.pipe(v.string(), v.maxLength(4000, 'mrRemark is longer than 4000 characters'))),
  entries: v.pipe(v.array(PostEntrySchema), v.maxLength(5000, 'entries holds more than 5000 items')),
  /** Extension 'corrections' (GET /info extensions): the instanceId of the submission this one corrects. */
  corrects: v.optional(UuidSchema),
});
export type MeasureRoundPost = v.InferOutput<typeof MeasureRoundPostSchema>;

/**
 * The reference server's answer to POST /measure-round/{mrId} (an extension: §7 shows no POST answers).
 * Every field is optional, so an empty 2xx answer of a spec-only server parses as well.
 */
export const MeasureRoundPostResultSchema = v.object({
  instanceId: v.optional(v.string()),
  valueCount: v.optional(v.number(), 0),
  duplicate: v.optional(v.boolean(), false),
  /** Points where another submission's value was already stored and kept (the first value stays). */
  conflicts: v.optional(
    v.array(
      v.object({
        field: v.string(),
        tsId: v.string(),
        dt: v.string(),
        value: v.nullable(v.number()),
        instanceId: v.nullable(v.string()),
      }),
    ),
  ),
});

/**
 * What the client accepts as the answer to a POST: any 2xx means stored, whatever the body (a vendor server may
 * answer 201 or 204 without one); the reference server's fields are used when present.
 */
export const MeasureRoundPostAnswerSchema = v.looseObject({
  valueCount: v.optional(v.number()),
  duplicate: v.optional(v.boolean()),
});
