import type { SnowRow } from '../../schemas/api';

/** §9 snow sampler defaults: device mass 800 (g), diameter 5 (cm), five rows; SWE factor 10. */
export const DEVICE_MASS = 800;
export const DEVICE_DIAMETER = 5;
export const SNOW_ROWS = 5;
export const SWE_FACTOR = 10;

/** Cross-section of the sampling tube in cm². */
export function deviceArea(diameterCm = DEVICE_DIAMETER): number {
  return Math.PI * (diameterCm / 2) ** 2;
}

/**
 * One sample: snow mass = total mass − device mass (g); volume = area × height (cm³); density = mass / volume
 * (g/cm³); SWE = mass / area × 10 (mm of water, since 1 g/cm² of water is 10 mm).
 */
export function computeSnowRow(row: SnowRow, deviceMass = DEVICE_MASS, diameter = DEVICE_DIAMETER): SnowRow {
  if (row.height === undefined || row.totalMass === undefined || row.height <= 0)
    return { height: row.height, totalMass: row.totalMass };
  const area = deviceArea(diameter);
  const mass = row.totalMass - deviceMass;
  const volume = area * row.height;
  return { ...row, mass, volume, density: mass / volume, snowWaterEquivalent: (mass / area) * SWE_FACTOR };
}

/** The result is the mean SWE of the computed rows (mm), or undefined without any. */
export function snowResult(rows: readonly SnowRow[]): number | undefined {
  const swe = rows.map((r) => r.snowWaterEquivalent).filter((x): x is number => x !== undefined);
  return swe.length ? Math.round((swe.reduce((s, x) => s + x, 0) / swe.length) * 10) / 10 : undefined;
}
