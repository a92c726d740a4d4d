/** §9 meteo parameter defaults: precipitation, snow height, fresh snow, air temperature. */
export const DEFAULT_METEO_PARAMETERS = ['N', 'HS', 'HSN', 'LT'] as const;

/** §9: the chart axis is inverted for parameters starting with W (water levels measured from above). */
export function isAxisInverted(parameter: string): boolean {
  return parameter.startsWith('W');
}

export function meteoParameters(configured: readonly string[] | undefined): readonly string[] {
  return configured && configured.length > 0 ? configured : DEFAULT_METEO_PARAMETERS;
}
