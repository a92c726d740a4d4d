import type { MeasureRoundEntry } from '../../schemas/api';
import { INCIDENT_CODES, inputTypeOf } from './input-type';

/** §9: the default station title uses siteName, staName and staNumber. */
export const DEFAULT_STATION_TITLE = '{siteName} {staName} ({staNumber})';

type StationShape = Pick<MeasureRoundEntry, 'siteName' | 'staName' | 'staNumber' | 'staOrdinal' | 'staSubOrdinal'>;

/** Fills {field} placeholders from the entry; missing fields become empty and spaces are tidied. */
export function stationTitle(entry: StationShape, template = DEFAULT_STATION_TITLE): string {
  const fields: Record<string, string | number | null | undefined> = { ...entry };
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => String(fields[key] ?? ''))
    .replace(/\(\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** §3: an entry with an ordinal is obligatory, one without is optional. */
export function isObligatory(entry: Pick<StationShape, 'staOrdinal'>): boolean {
  return entry.staOrdinal !== undefined && entry.staOrdinal !== null;
}

/** ordinal.subordinal, or just the ordinal; undefined for optional stations. */
export function formatOrdinal(entry: Pick<StationShape, 'staOrdinal' | 'staSubOrdinal'>): string | undefined {
  if (entry.staOrdinal === undefined || entry.staOrdinal === null) return undefined;
  return entry.staSubOrdinal === undefined || entry.staSubOrdinal === null
    ? `${entry.staOrdinal}`
    : `${entry.staOrdinal}.${entry.staSubOrdinal}`;
}

/** §4: the remark of a NO_STEADY_INCIDENT entry is only open when the value is an incident. */
export function isRemarkDisabled(
  entry: Pick<MeasureRoundEntry, 'tsId' | 'tsUnit' | 'tsParameter' | 'tsFormula'>,
  value: number | undefined,
): boolean {
  return inputTypeOf(entry) === 'NO_STEADY_INCIDENT' && value !== INCIDENT_CODES.INCIDENT;
}
