import type { Database } from './database';

/** Numbered schema migrations, applied in order at start on PGlite and PostgreSQL alike. Never edit a shipped one. */
export const MIGRATIONS: readonly { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'rounds, values, submissions, reference data',
    sql: `
      create table measure_round (
        mr_id text primary key,
        mr_name text not null unique,
        mr_group text,
        sort integer not null default 0
      );
      create table round_entry (
        mr_id text not null references measure_round(mr_id) on delete cascade,
        ts_id text not null,
        position integer not null,
        definition jsonb not null,
        primary key (mr_id, ts_id)
      );
      create table historic_value (
        ts_id text not null,
        dt timestamptz not null,
        value double precision,
        ts_remark jsonb,
        sta_remark jsonb,
        instance_id uuid,
        primary key (ts_id, dt)
      );
      create table submission (
        instance_id uuid primary key,
        mr_id text not null references measure_round(mr_id),
        body jsonb not null,
        value_count integer not null,
        username text not null,
        creation_time timestamptz,
        submission_time timestamptz not null default now()
      );
      create table reference_data (
        key text primary key,
        data jsonb not null,
        updated_at timestamptz not null default now()
      );
    `,
  },
];

export async function runMigrations(db: Database): Promise<number[]> {
  await db.query('create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ id: number }>('select id from schema_migrations')).map((r) => r.id));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name]);
    });
    applied.push(m.id);
  }
  return applied;
}
