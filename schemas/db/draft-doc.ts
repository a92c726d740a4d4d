import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import {
  DepthProfileRowSchema,
  DischargeProtocolSchema,
  DischargeValueSchema,
  SnowWaterEquivalentSchema,
} from '../api/discharge';
import { DepthRowTextSchema, DischargeFormSchema, SnowFormSchema } from '../forms/reading-forms';

/**
 * What a user typed for one timeseries of one instance, kept verbatim so an invalid text is never
 * silently dropped. One document per entry: a keystroke writes one small document, whatever the
 * size of the round (Architecture §3 "Entering readings").
 */
export const DraftFields = {
  tsId: v.string(),
  /** the raw text of the value input ("1,5", "-", "" or anything the user typed) */
  text: v.optional(v.string()),
  /** HH:mm; absent means the config's default time, empty string means the user cleared it */
  time: v.optional(v.string()),
  remark: v.optional(v.string()),
  /** §3 valueAfter: a second reading stored one minute after the main value, as typed */
  valueAfterText: v.optional(v.string()),
  /** §3 staRemark: kept on the station's first entry */
  staRemark: v.optional(v.string()),
  dischargeValue: v.optional(DischargeValueSchema),
  dischargeProtocol: v.optional(DischargeProtocolSchema),
  snowWaterEquivalent: v.optional(SnowWaterEquivalentSchema),
  depthProfile: v.optional(v.array(DepthProfileRowSchema)),
  /** §5 station duplication: a copy's tsId is `${copyOf}#${n}`; it is posted as another entry of copyOf */
  copyOf: v.optional(v.string()),
  /** the discharge, snow and depth profile dialogs as typed; the structured fields above derive from them */
  dischargeForm: v.optional(DischargeFormSchema),
  snowForm: v.optional(SnowFormSchema),
  depthProfileForm: v.optional(v.array(DepthRowTextSchema)),
  updatedAt: v.number(),
};
export const DraftSchema = v.object(DraftFields);
export type Draft = v.InferOutput<typeof DraftSchema>;
/** What a widget may change on a draft. */
export type DraftPatch = Partial<Omit<Draft, 'tsId' | 'updatedAt'>>;

export const DraftDocSchema = v.object({
  /** `${instanceId}|${tsId}` */
  id: v.string(),
  instanceId: v.string(),
  ...DraftFields,
});
export type DraftDoc = v.InferOutput<typeof DraftDocSchema>;

export function draftId(instanceId: string, tsId: string): string {
  return `${instanceId}|${tsId}`;
}

export const draftJsonSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    instanceId: { type: 'string', maxLength: 64 },
    tsId: { type: 'string' },
    text: { type: 'string' },
    time: { type: 'string' },
    remark: { type: 'string' },
    valueAfterText: { type: 'string' },
    staRemark: { type: 'string' },
    dischargeValue: { type: 'object' },
    dischargeProtocol: { type: 'object' },
    snowWaterEquivalent: { type: 'object' },
    depthProfile: { type: 'array', items: { type: 'object' } },
    copyOf: { type: 'string' },
    dischargeForm: { type: 'object' },
    snowForm: { type: 'object' },
    depthProfileForm: { type: 'array', items: { type: 'object' } },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'instanceId', 'tsId', 'updatedAt'],
  indexes: ['instanceId'],
};
