import pg from 'pg';
import type { ServerOptions } from '../../../server/app';
import { seedPgliteFromTemplate } from './pglite-template';

/**
 * Server tests run on PGlite by default and on a real PostgreSQL server when TEST_PG_URL names one
 * (npm test starts a throw-away cluster): each test file then gets a fresh database of its own, with the demo data.
 */
export async function testDatabaseOptions(
  dataDir: string,
  /** false: a fresh install, no demo data */
  { demo = true }: { demo?: boolean } = {},
): Promise<Pick<ServerOptions, 'dataDir' | 'databaseUrl' | 'demo'>> {
  const admin = process.env.TEST_PG_URL;
  // Tests run on the demo data, which a server seeds only when asked to; on PGlite the seeded database is copied
  // from a template built once (pglite-template.ts), not built again per test file.
  if (!admin) {
    if (demo) await seedPgliteFromTemplate(dataDir);
    return { dataDir, demo };
  }
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString(), demo };
}
