/** The fields of an entry a scanned code is compared with (§3 Measure round entry: tsBarcode, staMetadata). */
export interface BarcodeTarget {
  staNumber: string;
  tsId: string;
  tsBarcode?: string;
  staMetadata?: Record<string, unknown>;
}

/** What a scanned or typed code stands for: one timeseries, a whole station, or nothing of this round. */
export type BarcodeMatch =
  | { kind: 'timeseries'; staNumber: string; tsId: string }
  | { kind: 'station'; staNumber: string }
  | { kind: 'none'; code: string };

/** Labels are printed and typed in any case, and scanners often add a space or a line end. */
export function normalizeBarcode(code: string): string {
  return code.trim().toLowerCase();
}

/** A station plate's code, when the station metadata carries one under the key `barcode` (any case). */
export function stationBarcode(metadata: Record<string, unknown> | undefined): string | undefined {
  if (!metadata) return undefined;
  const key = Object.keys(metadata).find((k) => k.toLowerCase() === 'barcode');
  const value = key === undefined ? undefined : metadata[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The entry a code leads to. A timeseries' own `tsBarcode` wins over a station plate's code; when several
 * entries carry the same code the first in round order is taken (`entries` must be in round order).
 */
export function matchBarcode(code: string, entries: readonly BarcodeTarget[]): BarcodeMatch {
  const wanted = normalizeBarcode(code);
  if (wanted === '') return { kind: 'none', code: code.trim() };
  const ts = entries.find((e) => e.tsBarcode !== undefined && normalizeBarcode(e.tsBarcode) === wanted);
  if (ts) return { kind: 'timeseries', staNumber: ts.staNumber, tsId: ts.tsId };
  const station = entries.find((e) => {
    const plate = stationBarcode(e.staMetadata);
    return plate !== undefined && normalizeBarcode(plate) === wanted;
  });
  if (station) return { kind: 'station', staNumber: station.staNumber };
  return { kind: 'none', code: code.trim() };
}
