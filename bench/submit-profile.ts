// Quick look at one area: 50 concurrent 200-entry submissions against a server with the bench's dataset, on PGlite
// or (TEST_PG_URL) PostgreSQL. `npx tsx bench/submit-profile.ts` (or under scripts/with-postgres.sh). Not part of
// `npm run bench`. Where the database's time goes, per statement and trigger function, on PostgreSQL:
//   SUBMIT_STATS=1 PG_EXTRA="-c shared_preload_libraries=pg_stat_statements -c track_functions=all" \
//     bash scripts/with-postgres.sh npx tsx bench/submit-profile.ts
// and where the server's own time goes: `node --import tsx --cpu-prof --cpu-prof-dir=<dir> bench/submit-profile.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import type { Queryable } from '../server/db/database';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { seedBigRound } from './dataset';
import { concurrentSubmissions } from './area-server';
import { area } from './report';

const stats = Boolean(process.env.SUBMIT_STATS && process.env.TEST_PG_URL);
const dir = mkdtempSync(join(tmpdir(), 'bench-submit-'));
const server = await startServer({
  port: 0,
  ...(process.env.TEST_PG_URL ? await testDatabaseOptions(dir) : { dataDir: dir }),
  demo: true,
});
await seedBigRound(server.db);
if (stats) {
  await server.db.query('create extension if not exists pg_stat_statements');
  await server.db.query('select pg_stat_statements_reset(), pg_stat_reset()');
}
try {
  await area('server', () =>
    concurrentSubmissions(
      server.url,
      Number(process.env.BENCH_RUNS ?? 3),
      process.env.TEST_PG_URL ? 'PostgreSQL' : 'PGlite',
    ),
  );
  if (stats) await printStatementStats(server.db);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

/** Total milliseconds and calls of the costliest statements and trigger functions since the reset. */
async function printStatementStats(db: Queryable): Promise<void> {
  const statements = await db.query<{ query: string; calls: number; total: number }>(
    `select left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query, calls::int, total_exec_time::float as total
     from pg_stat_statements order by total_exec_time desc limit 15`,
  );
  for (const s of statements)
    console.info(`${s.total.toFixed(1).padStart(9)} ms ${String(s.calls).padStart(6)}× ${s.query}`);
  const functions = await db.query<{ funcname: string; calls: number; self: number }>(
    'select funcname, calls::int, self_time::float as self from pg_stat_user_functions order by self_time desc limit 8',
  );
  for (const f of functions)
    console.info(`${f.self.toFixed(1).padStart(9)} ms ${String(f.calls).padStart(6)}× function ${f.funcname}`);
}
