import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The one SQL dialect of the server is PostgreSQL: PGlite embedded, or a server via DATABASE_URL. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything or nothing is stored. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPglite(dir: string): Promise<Database> {
  const db = await PGlite.create(dir);
  // PGlite runs one statement at a time; serialise transactions so they never interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const query = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  return {
    kind: 'pglite',
    query,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const run = chain.then(() => db.transaction(async (tx) => fn({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows })));
      chain = run.catch(() => undefined);
      return run;
    },
    close: () => db.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[] });
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
