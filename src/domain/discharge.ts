import type { DischargeUnit, Meter, MeterCalibration, Vertical, VolumetricMeasurement } from '../../schemas/api';

/** §9 volumetric default estimates in l/s. */
export const ESTIMATES = { Dry: 0, Moist: 0.0001, Droplets: 0.0002 } as const;
/** §9: l/s to l/min. */
export const LPS_TO_LPM = 60;
/** §9 velocity weights of the two-point method: surface and 38 % depth. */
export const WEIGHT_SURFACE = 0.31;
export const WEIGHT_38 = 0.634;
/** §9: m³/s × 1000 = l/s; depth cm ÷ 100 = m. */
export const M3_TO_L = 1000;
export const CM_TO_M = 100;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function toUnit(lps: number, unit: DischargeUnit): number {
  return unit === 'l/min' ? lps * LPS_TO_LPM : lps;
}

/** The calibration whose impulse limit covers the rate (impulses per second); the last one above all limits. */
export function calibrationFor(meter: Meter, impulsesPerSecond: number): MeterCalibration {
  const sorted = [...meter.calibration].sort((a, b) => a.maxImpulses - b.maxImpulses);
  const found = sorted.find((c) => impulsesPerSecond <= c.maxImpulses) ?? sorted.at(-1);
  if (!found) throw new Error(`meter ${meter.name} has no calibration`);
  return found;
}

/** Flow velocity in m/s from an impulse count over the meter's measuring seconds. */
export function velocity(meter: Meter, impulses: number): number {
  if (impulses <= 0) return 0;
  const n = impulses / meter.seconds;
  const c = calibrationFor(meter, n);
  return c.slope * n + c.offset;
}

/**
 * METER discharge by the mid-section method (docs/domain.md): each vertical's mean velocity
 * 0.31·v(surface) + 0.634·v(38 %), times its depth (cm ÷ 100) and its width (half the distance to each
 * neighbour), summed in m³/s, × 1000 → l/s, rounded to 2 decimals.
 */
export function meterDischarge(meter: Meter, verticals: readonly Vertical[]): number | undefined {
  const usable = verticals
    .filter((v) => v.distanceM !== undefined && v.depthCM !== undefined)
    .sort((a, b) => (a.distanceM as number) - (b.distanceM as number));
  if (usable.length === 0) return undefined;
  let q = 0;
  usable.forEach((v, i) => {
    const left = usable[i - 1]?.distanceM ?? (v.distanceM as number);
    const right = usable[i + 1]?.distanceM ?? (v.distanceM as number);
    const width = (right - left) / 2;
    const mean = WEIGHT_SURFACE * velocity(meter, v.impulses0 ?? 0) + WEIGHT_38 * velocity(meter, v.impulses38 ?? 0);
    q += mean * ((v.depthCM as number) / CM_TO_M) * width;
  });
  return round(q * M3_TO_L, 2);
}

/** VOLUME_TIME: volume (l) / time (s) per measurement, aggregated by SUM or MEAN, rounded to 3 decimals. */
export function volumeTimeDischarge(
  measurements: readonly VolumetricMeasurement[],
  method: 'SUM' | 'MEAN' = 'MEAN',
): number | undefined {
  const rates = measurements
    .filter((m) => m.volume !== undefined && m.time !== undefined && m.time > 0)
    .map((m) => (m.volume as number) / (m.time as number));
  if (rates.length === 0) return undefined;
  const sum = rates.reduce((s, r) => s + r, 0);
  return round(method === 'SUM' ? sum : sum / rates.length, 3);
}

/** §9 default verticals: four empty ones, or the sorted distances from the station metadata ("0.2;0.5"). */
export function defaultVerticals(metadata: Record<string, unknown> | undefined): Vertical[] {
  const raw = metadata?.verticals;
  const distances = (typeof raw === 'string' ? raw.split(/[;\s]+/) : Array.isArray(raw) ? raw.map(String) : [])
    .map((s) => Number(String(s).replace(',', '.')))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  return distances.length > 0 ? distances.map((distanceM) => ({ distanceM })) : [{}, {}, {}, {}];
}
