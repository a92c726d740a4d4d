import * as v from 'valibot';
import {
  DepthProfileRowSchema,
  DischargeProtocolSchema,
  DischargeValueSchema,
  SnowWaterEquivalentSchema,
} from '../api/discharge';
import { DepthRowTextSchema, DischargeFormSchema, SnowFormSchema } from './reading-forms';

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
