import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseOptions } from '../../test/support/server/test-database';
import { openPglite, openPostgres, type Database } from './database';
import { MIGRATIONS, runMigrations } from './migrations';

// An operator's database of an older version: what it stored must read the same after today's migrations.
const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new, empty database: PostgreSQL when TEST_PG_URL names one, PGlite otherwise. */
async function emptyDatabase(): Promise<Database> {
  const options = await testDatabaseOptions(dir, { demo: false });
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(dir);
}

const version = async (scope: string) =>
  BigInt(
    (await db?.query<{ v: string }>('select v::text as v from change_version where scope = $1', [scope]))?.[0]?.v ?? 0,
  );

describe('migrations 9 and 10 on a database of migration 8', () => {
  it('keep a stored submission as it was, and a write afterwards moves its round’s version once', async () => {
    db = await emptyDatabase();
    await runMigrations(
      db,
      MIGRATIONS.filter((m) => m.id <= 8),
    );
    const entries = [
      { tsId: 'A-W', staNumber: 'A', dt: '2026-12-01T07:00:00.000Z', value: 1.5, tsRemark: { text: 'ä 🌊' } },
    ];
    const body = { instanceId: '00000000-0000-4000-8000-000000000001', entries: [{ tsId: 'A-W', value: 1.5 }] };
    await db.query("insert into measure_round (mr_id, mr_name) values ('9', 'Old round')");
    await db.query(
      'insert into round_entry (mr_id, ts_id, position, definition) values (\'9\', \'A-W\', 0, \'{"tsId":"A-W","staNumber":"A"}\')',
    );
    await db.query(
      "insert into submission (instance_id, mr_id, body, value_count, username, entries) values ($1, '9', $2, 1, 'olga', $3)",
      [body.instanceId, JSON.stringify(body), JSON.stringify(entries)],
    );
    const before = await version('9');

    expect(await runMigrations(db)).toEqual(MIGRATIONS.filter((m) => m.id > 8).map((m) => m.id));
    const [stored] = await db.query<{ body: unknown; entries: unknown; types: string }>(
      `select body, entries, (select string_agg(data_type, ',' order by column_name) from information_schema.columns
         where table_name = 'submission' and column_name in ('body', 'entries')) as types
       from submission where instance_id = $1`,
      [body.instanceId],
    );
    expect(stored).toEqual({ body, entries, types: 'json,json' });

    await db.transaction(async (tx) => {
      await tx.query("insert into historic_value (ts_id, dt, value) values ('A-W', '2026-12-02T07:00:00Z', 2)");
      await tx.query("insert into historic_value (ts_id, dt, value) values ('A-W', '2026-12-03T07:00:00Z', 3)");
    });
    expect((await version('9')) - before).toBe(1n);
    expect(await db.query('select count(*)::int as n from change_pending')).toEqual([{ n: 0 }]);
  });
});
