import { CHANGE_VERSION_STATEMENTS, ONE_BUMP_PER_TRANSACTION_STATEMENTS } from './change-version';
import type { Database } from './database';

/** Numbered schema migrations, applied in order at start on PGlite and PostgreSQL alike. Never edit a shipped one. */
export interface Migration {
  id: number;
  name: string;
  /** statements separated by `;` */
  sql?: string;
  /** statements that contain `;` themselves (function bodies), run in order */
  statements?: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
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
  {
    id: 2,
    name: 'lifecycle of submissions, permissions, images, documents and map data',
    sql: `
      alter table submission add column state text not null default 'submitted';
      alter table submission add column entries jsonb;
      alter table submission add column user_decision1_required boolean not null default false;
      alter table submission add column user_decision2_required boolean not null default false;
      alter table submission add column decision1_time timestamptz;
      alter table submission add column decision1_team text;
      alter table submission add column decision2_time timestamptz;
      alter table submission add column decision2_team text;
      alter table submission add column completion_time timestamptz;
      create table app_user (
        username text primary key,
        created_at timestamptz not null default now()
      );
      create table permission (
        username text not null references app_user(username) on delete cascade,
        mr_id text not null references measure_round(mr_id) on delete cascade,
        role text not null,
        primary key (username, mr_id, role)
      );
      create table image (
        image_id text primary key,
        mr_id text not null references measure_round(mr_id),
        ts_id text not null,
        sta_number text not null,
        ts_parameter text,
        dt timestamptz not null,
        content_type text not null,
        width integer not null,
        height integer not null,
        bytes integer not null,
        blob_path text not null,
        uploaded_by text not null,
        uploaded_at timestamptz not null default now()
      );
      create table map_data (
        mr_id text not null references measure_round(mr_id),
        kind text not null,
        map_type text not null default '',
        data jsonb not null,
        etag text not null,
        primary key (mr_id, kind, map_type)
      )
    `,
  },
  {
    id: 3,
    name: 'station tasks',
    sql: `
      create table station_task (
        task_id text primary key,
        sta_number text not null,
        task_type text not null,
        text text,
        task_done boolean not null default false,
        creation_time timestamptz not null default now(),
        created_by text,
        done_time timestamptz,
        done_by text
      );
      create index station_task_open on station_task (sta_number) where not task_done
    `,
  },
  {
    id: 4,
    name: 'station facilities',
    sql: `
      create table station_facility (
        facility_id text primary key,
        sta_number text not null,
        number text,
        name text not null,
        model text not null,
        attributes jsonb not null default '{}',
        invalid boolean not null default false,
        updated_at timestamptz not null default now(),
        updated_by text
      );
      create index station_facility_station on station_facility (sta_number)
    `,
  },
  // The archive list pages by (submission_time, instance_id) with ISO cursors, so times are kept to the
  // millisecond an ISO string carries; team and remark get columns so a list never reads a post's body, and
  // entries_bytes lets a page be cut by the size it will have without reading the entries.
  {
    id: 5,
    name: 'deciders, history conflicts, archive paging without bodies',
    sql: `
      alter table submission add column decision1_user text;
      alter table submission add column decision2_user text;
      alter table submission add column conflicts jsonb;
      alter table submission add column mr_team text;
      alter table submission add column mr_remark text;
      alter table submission add column entries_bytes integer;
      update submission set entries_bytes = octet_length(entries::text);
      update submission set mr_team = body->>'mrTeam', mr_remark = body->>'mrRemark';
      update submission set submission_time = date_trunc('milliseconds', submission_time);
      alter table submission alter column submission_time set default date_trunc('milliseconds', now());
      create index submission_page on submission (submission_time desc, instance_id desc);
      create index submission_round_page on submission (mr_id, submission_time desc, instance_id desc)
    `,
  },
  {
    id: 6,
    name: 'change versions for GET /sync-state',
    statements: CHANGE_VERSION_STATEMENTS,
  },
  {
    id: 7,
    // a correction is a new submission naming the one it corrects (the 'corrections' extension).
    name: 'corrections',
    sql: `
      alter table submission add column corrects uuid;
      create index submission_corrects on submission (corrects)
    `,
  },
  // A user is the token's subject (`sub`), which the identity provider never changes or hands to someone
  // else; the username stays as what admins see and grant to. A name is bound to its subject at the first
  // login (server/auth/auth.ts); the upload quota counts by uploader and time.
  {
    id: 8,
    name: 'users keyed by subject, uploads by uploader',
    sql: `
      alter table app_user add column subject text;
      create unique index app_user_subject on app_user (subject);
      create index image_uploader on image (uploaded_by, uploaded_at)
    `,
  },
  // A round's entries and its post are only ever read whole, by the server's code, never searched in SQL: `json`
  // keeps the text as sent, where `jsonb` parsed every submission into its binary form, the largest part of storing
  // one (about 1 ms of database time per 80 KB). Where the database has lz4, it compresses them instead of pglz,
  // several times faster (Debian's PostgreSQL has it; PGlite has not, and keeps its default).
  {
    id: 9,
    name: 'submissions stored as sent (json), compressed with lz4 where there is lz4',
    statements: [
      'alter table submission alter column entries type json using entries::json, alter column body type json using body::json',
      `do $$ begin
         alter table submission alter column entries set compression lz4, alter column body set compression lz4;
       exception when feature_not_supported then null;
       end $$`,
    ],
  },
  {
    id: 10,
    name: 'one change-version bump per transaction',
    statements: ONE_BUMP_PER_TRANSACTION_STATEMENTS,
  },
];

/** Key of the advisory lock that serialises start-up work of several servers on one database. */
export const STARTUP_LOCK = 7_271_001;

/** Applies the migrations not applied yet; `migrations` other than all only in a test of an older database. */
export async function runMigrations(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    await tx.query(
      'create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
  });
  const applied: number[] = [];
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      // Re-checked under the lock: another server starting at the same time may have applied it.
      await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
      const [done] = await tx.query<{ id: number }>('select id from schema_migrations where id = $1', [m.id]);
      if (done) return;
      // A migration over a large database may take longer than a request's statement_timeout.
      await tx.query('set local statement_timeout = 0');
      const statements =
        m.statements ??
        (m.sql ?? '')
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean);
      for (const statement of statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name]);
      applied.push(m.id);
    });
  }
  return applied;
}
