// Every tab follows an update: a tab whose code knows an older database schema than another tab's
// must stop writing, or its writes land in collections the newer code has migrated away from.

/** The schema version of each collection, as a version of the app's code knows them. */
export type SchemaVersions = Readonly<Record<string, number>>;

/**
 * How another tab's schema compares with this tab's: `newer` when it has any collection at a higher version or
 * a collection this code does not know (then this tab's code is the old one and must stop writing, also when
 * the two differ both ways), `older` when only this tab is ahead, `same` otherwise.
 */
export function compareSchemas(mine: SchemaVersions, theirs: SchemaVersions): 'newer' | 'older' | 'same' {
  const ahead = (a: SchemaVersions, b: SchemaVersions) =>
    Object.entries(a).some(([name, version]) => b[name] === undefined || version > (b[name] ?? 0));
  if (ahead(theirs, mine)) return 'newer';
  if (ahead(mine, theirs)) return 'older';
  return 'same';
}
