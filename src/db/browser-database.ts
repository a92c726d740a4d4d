import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { addRxPlugin, type RxStorage } from 'rxdb';
import { createAppDatabase, type AppDatabase, type CreateOptions } from './database';
import { replayKeystrokes } from './keystroke-commands';

let dbPromise: Promise<AppDatabase> | undefined;

/** The one database of this tab, on IndexedDB through Dexie; dev-mode checks only in development. */
export function getBrowserDatabase(opts: CreateOptions = {}): Promise<AppDatabase> {
  dbPromise ??= (async () => {
    let storage: RxStorage<unknown, unknown> = getRxStorageDexie();
    if (import.meta.env.DEV) {
      const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
        import('rxdb/plugins/dev-mode'),
        import('rxdb/plugins/validate-ajv'),
      ]);
      disableWarnings();
      addRxPlugin(RxDBDevModePlugin);
      storage = wrappedValidateAjvStorage({ storage });
    }
    const db = await createAppDatabase(storage, 'hydrorounds', opts);
    // before any screen reads the drafts, so a field shows the key typed just before the page went
    await replayKeystrokes(db).catch((e: unknown) => console.error('replaying noted keystrokes failed', e));
    return db;
  })();
  return dbPromise;
}
