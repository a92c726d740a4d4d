import type { Database } from './db/database';

/** What every route needs: the database, the blob store and the product prefix of the roles. */
export interface ServerContext {
  db: Database;
  blobDir: string;
  version: string;
  product(): Promise<string>;
}

export function createContext(db: Database, blobDir: string, version: string): ServerContext {
  return {
    db,
    blobDir,
    version,
    async product() {
      const [row] = await db.query<{ data: { product?: string } }>("select data from reference_data where key = 'config'");
      return row?.data.product ?? 'HWE';
    },
  };
}
