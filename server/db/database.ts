import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { HttpError } from '../http/errors';

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
      const run = chain.then(() =>
        db.transaction(async (tx) =>
          fn({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows }),
        ),
      );
      chain = run.catch(() => undefined);
      return run;
    },
    close: () => db.close(),
  };
}

/**
 * Limits of a PostgreSQL connection. A request must never hang on a database that is gone or stuck: a
 * connection that cannot be opened within `connectMs` fails the request (503), a statement running longer
 * than `statementMs` is cancelled, and a session idle inside a transaction for `idleInTransactionMs` (a
 * request stuck between two statements) is ended by the server, releasing its locks.
 */
export interface PostgresLimits {
  max: number;
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  idleMs: number;
}
export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  max: 10,
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  idleMs: 30_000,
};

/** Error codes and messages of a database that is unreachable, restarting or overloaded (not of a bad query). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
  // 53300 too_many_connections, 57014 query_canceled (statement_timeout), 25P03 idle_in_transaction_session_timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '25P03',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection error/i,
  /server closed the connection/i,
];

/** Whether an error means the database is unavailable right now (the request may be retried) rather than a bug. */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (e instanceof AggregateError) return e.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.some((m) => m.test(e.message));
}

/** An unavailable database becomes a 503 with a message the client shows; any other error passes unchanged. */
function as503(e: unknown): unknown {
  if (!isDatabaseUnavailable(e)) return e;
  const reason = e instanceof Error ? e.message : String(e);
  return new HttpError(503, `the database is not available right now (${reason}); try again shortly`);
}

export async function openPostgres(url: string, limits: Partial<PostgresLimits> = {}): Promise<Database> {
  const l = { ...DEFAULT_POSTGRES_LIMITS, ...limits };
  const pool = new pg.Pool({
    connectionString: url,
    max: l.max,
    connectionTimeoutMillis: l.connectMs,
    idleTimeoutMillis: l.idleMs,
    statement_timeout: l.statementMs,
    idle_in_transaction_session_timeout: l.idleInTransactionMs,
  });
  // Without these listeners a connection the database drops (a restart, a failover, pg_terminate_backend)
  // is an unhandled 'error' event that ends the process. The pool already removes a broken idle client;
  // a checked-out one fails its query, and is released with the error below so it is destroyed.
  pool.on('error', (e) => console.warn(`PostgreSQL: an idle connection failed and is dropped (${e.message})`));
  pool.on('connect', (client) =>
    client.on('error', (e) => console.warn(`PostgreSQL: a connection in use failed (${e.message})`)),
  );
  const query = async <T>(sql: string, params: unknown[] = []) => {
    try {
      return (await pool.query(sql, params)).rows as T[];
    } catch (e) {
      throw as503(e);
    }
  };
  await query('select 1');
  let ended: Promise<void> | undefined;
  return {
    kind: 'postgres',
    query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw as503(e);
      }
      // A client whose connection failed, or whose rollback failed, must never go back into the pool.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({
          query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[],
        });
        await client.query('commit');
        return result;
      } catch (e) {
        if (isDatabaseUnavailable(e)) broken = e instanceof Error ? e : new Error(String(e));
        else {
          try {
            await client.query('rollback');
          } catch (rollbackError) {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
        }
        throw as503(e);
      } finally {
        client.release(broken);
      }
    },
    // closing twice (a test stopping an instance early, then at the end) is harmless
    close: () => (ended ??= pool.end()),
  };
}
