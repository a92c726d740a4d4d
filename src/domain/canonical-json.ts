/**
 * The one canonical JSON: object keys sorted, so two values compare by content whatever order their keys came in
 * (jsonb and IndexedDB do not keep it). `nullIsAbsent` also drops null and undefined fields, for data read back
 * from storage that writes an absent field as null; the server's body comparison keeps nulls (a posted null is
 * part of what was posted).
 */
export function canonicalJson(value: unknown, opts: { nullIsAbsent?: boolean } = {}): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => !opts.nullIsAbsent || (x !== undefined && x !== null))
            // keys of one object are unique: never equal
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}
