import Dexie, { type Table } from 'dexie';

export interface StoredExport {
  id?: number;
  fileName: string;
  importedAt: number;
  bytes: Uint8Array;
}

/**
 * Support exports imported on this browser, kept in their own IndexedDB database apart from the app's
 * own data (never mixed into it) and only ever read. Plain Dexie (the same package RxDB uses), because a
 * second RxDB database would exceed the collections one page may open.
 */
class InspectionDatabase extends Dexie {
  exports!: Table<StoredExport, number>;
  constructor() {
    super('hydrorounds-inspection');
    this.version(1).stores({ exports: '++id, importedAt' });
  }
}

let database: InspectionDatabase | undefined;
function inspectionDb(): InspectionDatabase {
  database ??= new InspectionDatabase();
  return database;
}

export async function storeImportedExport(fileName: string, bytes: Uint8Array): Promise<number> {
  return inspectionDb().exports.add({ fileName, importedAt: Date.now(), bytes });
}

export async function listImportedExports(): Promise<StoredExport[]> {
  return inspectionDb().exports.orderBy('importedAt').reverse().toArray();
}

export async function removeImportedExport(id: number): Promise<void> {
  await inspectionDb().exports.delete(id);
}
