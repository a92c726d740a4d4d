import * as v from 'valibot';

/**
 * What a user typed in the discharge, snow and depth profile dialogs, kept as text exactly as typed (a
 * number field inside a dialog loses nothing either). The structured values of §3 (dischargeValue,
 * dischargeProtocol, snowWaterEquivalent, depthProfile) are derived from these on every write.
 */
const Text = v.optional(v.string());

export const DISCHARGE_MODES = ['ESTIMATE', 'METER', 'VOLUME_TIME', 'VALUE'] as const;
export type DischargeMode = (typeof DISCHARGE_MODES)[number];
export const ESTIMATE_KEYS = ['Dry', 'Moist', 'Droplets'] as const;
export type EstimateKey = (typeof ESTIMATE_KEYS)[number];

export const VerticalTextSchema = v.object({ distanceM: Text, depthCM: Text, impulses0: Text, impulses38: Text });
export type VerticalText = v.InferOutput<typeof VerticalTextSchema>;
export const VolumeTextSchema = v.object({ volume: Text, time: Text });
export type VolumeText = v.InferOutput<typeof VolumeTextSchema>;

export const DischargeFormSchema = v.object({
  mode: v.picklist(DISCHARGE_MODES),
  estimate: v.optional(v.picklist(ESTIMATE_KEYS)),
  meter: Text,
  verticals: v.array(VerticalTextSchema),
  volumes: v.array(VolumeTextSchema),
  aggregation: v.picklist(['MEAN', 'SUM']),
  gauge: Text,
  gaugeUnit: Text,
  remark: Text,
});
export type DischargeForm = v.InferOutput<typeof DischargeFormSchema>;

export const SnowRowTextSchema = v.object({ height: Text, totalMass: Text });
export type SnowRowText = v.InferOutput<typeof SnowRowTextSchema>;
export const SnowFormSchema = v.object({
  weather: Text,
  snowSurface: Text,
  deviceMass: Text,
  deviceDiameter: Text,
  rows: v.array(SnowRowTextSchema),
  remark: Text,
});
export type SnowForm = v.InferOutput<typeof SnowFormSchema>;

export const DepthRowTextSchema = v.object({ depthM: Text, depthAbsoluteM: Text, wt: Text, lfkt: Text });
export type DepthRowText = v.InferOutput<typeof DepthRowTextSchema>;
