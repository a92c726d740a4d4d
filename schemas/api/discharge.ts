import * as v from 'valibot';

export const DISCHARGE_UNITS = ['l/s', 'l/min'] as const;
export const DischargeUnitSchema = v.picklist(DISCHARGE_UNITS, 'discharge unit must be l/s or l/min');
export type DischargeUnit = v.InferOutput<typeof DischargeUnitSchema>;

export const DischargeProtocolSchema = v.object({
  dt: v.optional(v.string()),
  gauge: v.optional(v.number()),
  gaugeUnit: v.optional(v.string()),
  discharge: v.optional(v.number()),
  dischargeUnit: v.optional(DischargeUnitSchema),
  meter: v.optional(v.string()),
  remark: v.optional(v.string()),
});
export type DischargeProtocol = v.InferOutput<typeof DischargeProtocolSchema>;

export const VerticalSchema = v.object({
  distanceM: v.optional(v.number()),
  depthCM: v.optional(v.number()),
  impulses0: v.optional(v.number()),
  impulses38: v.optional(v.number()),
});
export type Vertical = v.InferOutput<typeof VerticalSchema>;

export const MeterCalibrationSchema = v.object({ slope: v.number(), offset: v.number(), maxImpulses: v.number() });
export const MeterSchema = v.object({
  name: v.string(),
  seconds: v.pipe(v.number(), v.minValue(1, 'seconds must be at least 1')),
  calibration: v.array(MeterCalibrationSchema),
});
export type Meter = v.InferOutput<typeof MeterSchema>;
export type MeterCalibration = v.InferOutput<typeof MeterCalibrationSchema>;

export const VolumetricMeasurementSchema = v.object({ volume: v.optional(v.number()), time: v.optional(v.number()) });
export type VolumetricMeasurement = v.InferOutput<typeof VolumetricMeasurementSchema>;

export const DischargeValueSchema = v.object({
  key: v.picklist(['ESTIMATE', 'METER', 'VOLUME_TIME', 'VALUE']),
  estimate: v.optional(v.picklist(['Dry', 'Moist', 'Droplets'])),
  meterMeasurement: v.optional(v.object({ meter: v.optional(v.string()), verticals: v.array(VerticalSchema) })),
  volumetricMeasurements: v.optional(v.array(VolumetricMeasurementSchema)),
  aggregationMethod: v.optional(v.picklist(['SUM', 'MEAN'])),
  value: v.optional(v.number()),
  unit: v.optional(DischargeUnitSchema),
});
export type DischargeValue = v.InferOutput<typeof DischargeValueSchema>;

export const DepthProfileRowSchema = v.object({
  staNumber: v.optional(v.string()),
  depthM: v.optional(v.number()),
  depthAbsoluteM: v.optional(v.number()),
  wt: v.optional(v.number()),
  lfkt: v.optional(v.number()),
});
export type DepthProfileRow = v.InferOutput<typeof DepthProfileRowSchema>;

export const SnowRowSchema = v.object({
  height: v.optional(v.number()),
  totalMass: v.optional(v.number()),
  mass: v.optional(v.number()),
  volume: v.optional(v.number()),
  snowWaterEquivalent: v.optional(v.number()),
  density: v.optional(v.number()),
});
export type SnowRow = v.InferOutput<typeof SnowRowSchema>;

export const SnowWaterEquivalentSchema = v.object({
  weather: v.optional(v.string()),
  snowSurface: v.optional(v.string()),
  deviceMass: v.optional(v.number()),
  deviceDiameter: v.optional(v.number()),
  deviceArea: v.optional(v.number()),
  values: v.array(SnowRowSchema),
  result: v.optional(v.number()),
  remark: v.optional(v.string()),
});
export type SnowWaterEquivalent = v.InferOutput<typeof SnowWaterEquivalentSchema>;
