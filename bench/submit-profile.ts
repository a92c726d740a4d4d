// Quick look at one area: 50 concurrent 200-entry submissions against a server with the bench's dataset, on PGlite
// or (TEST_PG_URL) PostgreSQL, with the time each step of a submission takes (SUBMIT_TIMING=1 on the server).
// `npx tsx bench/submit-profile.ts` (or under scripts/with-postgres.sh). Not part of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { seedBigRound } from './dataset';
import { concurrentSubmissions } from './area-server';
import { area } from './report';

const dir = mkdtempSync(join(tmpdir(), 'bench-submit-'));
const server = await startServer({
  port: 0,
  ...(process.env.TEST_PG_URL ? await testDatabaseOptions(dir) : { dataDir: dir }),
  demo: true,
});
await seedBigRound(server.db);
try {
  await area('server', () =>
    concurrentSubmissions(
      server.url,
      Number(process.env.BENCH_RUNS ?? 3),
      process.env.TEST_PG_URL ? 'PostgreSQL' : 'PGlite',
    ),
  );
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
