import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerOptions } from '../../../server/app';
import { pgliteTemplateKey, seedPgliteFromTemplate } from './pglite-template';

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
  try {
    // the demo database is PostgreSQL's copy of one seeded once per cluster, as on PGlite (pglite-template.ts)
    const template = demo ? await seededTemplate(client, admin) : undefined;
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return { dataDir, databaseUrl: databaseUrl(admin, name), demo };
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number, the same in every test process: one of them builds the template while the others wait. */
const TEMPLATE_LOCK = 33_000_001;

/**
 * A database of the cluster that is migrated and seeded with the demo (by a server started on it once), named by
 * the same key as the PGlite template (server/db's files, today in Vienna). `create database … template` copies it
 * in a fraction of the time the migrations and the seed take. Undefined when the day changed while it was built.
 */
async function seededTemplate(client: pg.Client, admin: string): Promise<string | undefined> {
  const key = pgliteTemplateKey();
  const template = `test_template_${key.replaceAll('-', '_')}`;
  // serialised: a copy of the template while another process is still seeding it would be half a database
  await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      await client.query(`create database ${template}`);
      const dir = mkdtempSync(join(tmpdir(), 'pg-template-'));
      try {
        const { startServer } = await import('../../../server/app');
        const server = await startServer({
          port: 0,
          dataDir: dir,
          databaseUrl: databaseUrl(admin, template),
          demo: true,
        });
        await server.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    return pgliteTemplateKey() === key ? template : undefined;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}
