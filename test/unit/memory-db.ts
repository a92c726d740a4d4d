import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';

let n = 0;
/** A fresh in-memory database per test; close it in afterEach (the free tier limits open collections). */
export function memoryDatabase(): Promise<AppDatabase> {
  n += 1;
  return createAppDatabase(getRxStorageMemory(), `test${n}${Date.now()}`);
}
