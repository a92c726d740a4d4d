// `npm run bench:fleet`: the fleet scenario of `npm run bench` alone (area-fleet.ts), on a throw-away
// PostgreSQL cluster (scripts/with-postgres.sh sets TEST_PG_URL). Prints the figures; nothing is asserted.
import { testDatabaseOptions } from '../test/support/server/test-database';
import { fleetLoad } from './area-fleet';
import { area, writeReport } from './report';

if (!process.env.TEST_PG_URL) {
  console.error('the fleet needs PostgreSQL: run it through scripts/with-postgres.sh (npm run bench:fleet)');
  process.exit(3);
}
const { databaseUrl } = await testDatabaseOptions('');
const started = performance.now();
await area('fleet (PostgreSQL, two instances)', () => fleetLoad(databaseUrl ?? ''));
writeReport(
  { scenario: 'fleet', totalSeconds: Math.round((performance.now() - started) / 1000) },
  'bench/fleet-results.json',
);
process.exit(0);
