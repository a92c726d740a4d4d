/**
 * The station data (§3 staMetadata) as rows for the metadata screen: a free string map whose keys the app knows in
 * part (location, barcode plate, discharge verticals, entry options) and whose values arrive as numbers, strings
 * with decimal commas, lists or "[lat, lon]" strings. Issue 24: raw keys and values run together told the field
 * worker nothing, so known keys get a label and numbers are told apart from text for formatting per language.
 */
export const STATION_DATA_KEYS = [
  'barcode',
  'latitude',
  'longitude',
  'latlng',
  'altitude',
  'river',
  'verticals',
  'depthProfile',
  'valueAfter',
] as const;
export type StationDataKey = (typeof STATION_DATA_KEYS)[number];

/** Other spellings seen in station data for the same thing (compared without case). */
const ALIASES: Readonly<Record<string, StationDataKey>> = {
  elevation: 'altitude',
  height: 'altitude',
  lat: 'latitude',
  lon: 'longitude',
  lng: 'longitude',
  water: 'river',
  waterbody: 'river',
};

export type StationDataValue =
  { kind: 'numbers'; values: number[] } | { kind: 'text'; text: string } | { kind: 'flag'; on: boolean };

export interface StationDataRow {
  /** The key as the server sent it (shown for unknown keys). */
  key: string;
  known?: StationDataKey;
  value: StationDataValue;
}

const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;
/** A code such as "0042" is no number: its leading zero would be lost. */
const CODE = /^[-+]?0\d/;
/** Keys whose values are names or codes even when they consist of digits (a plate "30017" is no amount). */
const TEXT_KEYS: ReadonlySet<StationDataKey> = new Set(['barcode', 'river', 'depthProfile', 'valueAfter']);

function numberOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string' || !NUMBER.test(raw.trim()) || CODE.test(raw.trim())) return undefined;
  return Number(raw.trim().replace(',', '.'));
}

/**
 * A value as numbers when every part is one: a number, a numeric string ("47,0634": a decimal comma), a list, or a
 * text list in brackets or separated by semicolons ("[47.05, 10.73]", "0.3;0.6"). A comma alone never separates, as
 * it is the decimal sign of the data.
 */
function numbersOf(raw: unknown): number[] | undefined {
  const one = numberOf(raw);
  if (one !== undefined) return [one];
  let parts: unknown[] | undefined;
  if (Array.isArray(raw)) parts = raw;
  else if (typeof raw === 'string') {
    const bracketed = /^\s*\[(.*)\]\s*$/.exec(raw);
    if (bracketed) parts = (bracketed[1] ?? '').split(/\s*[,;]\s*/);
    else if (raw.includes(';')) parts = raw.split(/\s*;\s*/);
  }
  if (!parts || parts.length === 0) return undefined;
  const values = parts.map(numberOf);
  return values.every((n) => n !== undefined) ? (values as number[]) : undefined;
}

function valueOf(raw: unknown, known: StationDataKey | undefined): StationDataValue {
  if (typeof raw === 'boolean') return { kind: 'flag', on: raw };
  const values = known && TEXT_KEYS.has(known) ? undefined : numbersOf(raw);
  if (values) return { kind: 'numbers', values };
  if (Array.isArray(raw)) return { kind: 'text', text: raw.map((x) => textOf(x)).join('; ') };
  return { kind: 'text', text: textOf(raw) };
}

function textOf(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw as string | number | boolean);
}

export function knownStationDataKey(key: string): StationDataKey | undefined {
  const lower = key.toLowerCase();
  return STATION_DATA_KEYS.find((k) => k.toLowerCase() === lower) ?? ALIASES[lower];
}

/** One row per key in the server's order; empty values are left out. */
export function stationDataRows(metadata: Readonly<Record<string, unknown>> | undefined): StationDataRow[] {
  return Object.entries(metadata ?? {})
    .filter(([, raw]) => raw !== null && raw !== undefined && !(typeof raw === 'string' && raw.trim() === ''))
    .map(([key, raw]) => {
      const known = knownStationDataKey(key);
      return { key, ...(known ? { known } : {}), value: valueOf(raw, known) };
    });
}
