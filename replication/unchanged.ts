// A pull that finds what the device already has writes nothing: every write of an unchanged
// document costs an IndexedDB transaction and wakes every query and tab that watches the collection.
import type { AppDatabase } from '../src/db/database';
import type { ReferenceDoc } from '../schemas/db/reference-doc';

/** JSON with object keys sorted, so two equal documents compare equal whatever order their keys came in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether `next` differs from the stored document in any field but those ignored (e.g. fetchedAt). */
export function differs(
  stored: object | undefined | null,
  next: object,
  ignore: readonly string[] = ['fetchedAt'],
): boolean {
  if (!stored) return true;
  const strip = (o: object) =>
    Object.fromEntries(
      Object.entries(o).filter(([k, v]) => !ignore.includes(k) && !k.startsWith('_') && v !== undefined),
    );
  return stableJson(strip(stored)) !== stableJson(strip(next));
}

/** Stores a reference document unless the stored one has the same data and ETag. */
export async function upsertReference(db: AppDatabase, doc: ReferenceDoc): Promise<void> {
  const stored = await db.reference.findOne(doc.key).exec();
  if (differs(stored?.toJSON(), doc)) await db.reference.upsert(doc);
}
