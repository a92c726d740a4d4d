import type { SnowWaterEquivalent } from '../../schemas/api';
import type { SnowForm } from '../../schemas/forms/reading-forms';
import { numberOf } from './discharge-form';
import { computeSnowRow, DEVICE_DIAMETER, DEVICE_MASS, deviceArea, SNOW_ROWS, snowResult } from './snow';

/** A new snow dialog: §9 device mass 800 g, diameter 5 cm, five empty rows. */
export function defaultSnowForm(format: (n: number) => string): SnowForm {
  return {
    deviceMass: format(DEVICE_MASS),
    deviceDiameter: format(DEVICE_DIAMETER),
    rows: Array.from({ length: SNOW_ROWS }, () => ({})),
  };
}

/** The §3 snow water equivalent of the dialog: each row computed, the result the mean SWE (mm). */
export function evaluateSnowForm(form: SnowForm): SnowWaterEquivalent {
  const mass = numberOf(form.deviceMass) ?? DEVICE_MASS;
  const diameter = numberOf(form.deviceDiameter) ?? DEVICE_DIAMETER;
  const values = form.rows.map((r) => {
    const computed = computeSnowRow({ height: numberOf(r.height), totalMass: numberOf(r.totalMass) }, mass, diameter);
    return Object.fromEntries(Object.entries(computed).filter(([, x]) => x !== undefined));
  });
  const result = snowResult(values);
  const text = (s: string | undefined) => s?.trim() || undefined;
  const swe: SnowWaterEquivalent = {
    weather: text(form.weather),
    snowSurface: text(form.snowSurface),
    deviceMass: mass,
    deviceDiameter: diameter,
    deviceArea: deviceArea(diameter),
    values,
    result,
    remark: text(form.remark),
  };
  return Object.fromEntries(Object.entries(swe).filter(([, x]) => x !== undefined)) as SnowWaterEquivalent;
}
