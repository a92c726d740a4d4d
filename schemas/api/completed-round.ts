import * as v from 'valibot';
import { MeasureRoundEntrySchema } from './entry';

export const DECISION1_VALUES = ['NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT', 'NOT_CRITICAL'] as const;
export const DECISION2_VALUES = ['ACTION_REQUIRED', 'NOT_SAFETY_RELEVANT'] as const;

export const CompletedEntrySchema = v.object({
  ...MeasureRoundEntrySchema.entries,
  decision1Remark: v.optional(v.nullable(v.string())),
  decision1Value: v.optional(v.nullable(v.picklist(DECISION1_VALUES))),
  decision2Remark: v.optional(v.nullable(v.string())),
  decision2Value: v.optional(v.nullable(v.picklist(DECISION2_VALUES))),
});
export type CompletedEntry = v.InferOutput<typeof CompletedEntrySchema>;

const Time = v.optional(v.nullable(v.string()));
export const CompletedMeasureRoundSchema = v.object({
  instanceId: v.string(),
  creationTime: Time,
  submissionTime: Time,
  decision1Time: Time,
  decision2Time: Time,
  completionTime: Time,
  mrTeam: v.optional(v.nullable(v.string())),
  decision1Team: v.optional(v.nullable(v.string())),
  decision2Team: v.optional(v.nullable(v.string())),
  /** The authenticated users who recorded the decisions (the team is what they typed). */
  decision1User: v.optional(v.nullable(v.string())),
  decision2User: v.optional(v.nullable(v.string())),
  userDecision1Required: v.optional(v.boolean()),
  userDecision2Required: v.optional(v.boolean()),
  mrId: v.string(),
  mrName: v.string(),
  mrGroup: v.optional(v.string()),
  entries: v.array(CompletedEntrySchema),
  mrRemark: v.optional(v.nullable(v.string())),
  /** Extension 'corrections': the submission this one corrects, and the newest correction of this one. */
  corrects: v.optional(v.nullable(v.string())),
  correctedBy: v.optional(v.nullable(v.object({ instanceId: v.string(), time: v.string(), user: v.string() }))),
});
export type CompletedMeasureRound = v.InferOutput<typeof CompletedMeasureRoundSchema>;

/** POST /completed-measure-round/{instanceId}: one decision stage for the listed entries. */
export const DecisionPostSchema = v.object({
  stage: v.picklist([1, 2], 'stage must be 1 or 2'),
  team: v.pipe(v.string(), v.minLength(1, 'team is required'), v.maxLength(200)),
  decisions: v.array(
    v.object({
      tsId: v.string(),
      value: v.picklist([...DECISION1_VALUES, ...DECISION2_VALUES], 'value is not a known decision'),
      remark: v.optional(v.pipe(v.string(), v.maxLength(4000))),
    }),
  ),
});
export type DecisionPost = v.InferOutput<typeof DecisionPostSchema>;
