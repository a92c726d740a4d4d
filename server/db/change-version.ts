import type { Queryable } from './database';

/**
 * Change versions (GET /sync-state answers from them in constant time). `change_version` holds one counter
 * per scope: a measure round id, or `*` for what every user pulls (config, reference lists, documents).
 * Triggers keep them, so no write path can forget one and two servers on one database agree:
 *
 * - a statement trigger on each table a pull reads notes the scopes its rows touch (through transition
 *   tables: one query per statement, not per row) in a transaction-local setting;
 * - a deferred constraint trigger bumps the noted scopes once, at commit, in sorted order. Bumping last keeps
 *   the counter row locked only for the commit itself (concurrent submissions to one round barely wait), and
 *   the sorted order means two transactions never lock two counters in opposite orders (no deadlock).
 *
 * A reader sees a counter only once the transaction that bumped it is committed, so a token read before a
 * commit differs from one read after it: never a stale 304.
 */
const SCOPES_OF: Record<string, string> = {
  measure_round: 'select distinct x.mr_id from ROWS x',
  round_entry: 'select distinct x.mr_id from ROWS x',
  submission: 'select distinct x.mr_id from ROWS x',
  image: 'select distinct x.mr_id from ROWS x',
  map_data: 'select distinct x.mr_id from ROWS x',
  permission: 'select distinct x.mr_id from ROWS x',
  // a series or a station may be part of several rounds: each of them shows its history, tasks and facilities
  historic_value: 'select distinct e.mr_id from ROWS x join round_entry e on e.ts_id = x.ts_id',
  station_task: "select distinct e.mr_id from ROWS x join round_entry e on e.definition->>'staNumber' = x.sta_number",
  station_facility:
    "select distinct e.mr_id from ROWS x join round_entry e on e.definition->>'staNumber' = x.sta_number",
  reference_data: "select '*' from ROWS x limit 1",
};

const collect = (table: string, scopes: string) => `
  create function hwe_collect_${table}() returns trigger language plpgsql as $$
  begin
    if tg_op in ('INSERT', 'UPDATE') then perform hwe_note_changes(array(${scopes.replace('ROWS', 'new_rows')})); end if;
    if tg_op in ('DELETE', 'UPDATE') then perform hwe_note_changes(array(${scopes.replace('ROWS', 'old_rows')})); end if;
    return null;
  end $$`;

export const CHANGE_VERSION_STATEMENTS: readonly string[] = [
  'create table change_version (scope text primary key, v bigint not null default 0)',
  'create index round_entry_series on round_entry (ts_id)',
  `create function hwe_note_changes(scopes text[]) returns void language plpgsql as $$
   declare
     pending text := coalesce(current_setting('hwe.changed_scopes', true), '');
   begin
     if cardinality(scopes) = 0 then return; end if;
     perform set_config('hwe.changed_scopes',
       array(select distinct s from unnest(case when pending = '' then scopes else pending::text[] || scopes end) s where s is not null order by s)::text, true);
   end $$`,
  `create function hwe_bump_changes() returns trigger language plpgsql as $$
   declare
     pending text := coalesce(current_setting('hwe.changed_scopes', true), '');
   begin
     if pending = '' then return null; end if;
     perform set_config('hwe.changed_scopes', '', true);
     insert into change_version as c (scope, v) select s, 1 from unnest(pending::text[]) s order by s
       on conflict (scope) do update set v = c.v + 1;
     return null;
   end $$`,
  ...Object.entries(SCOPES_OF).flatMap(([table, scopes]) => [
    collect(table, scopes),
    `create trigger hwe_collect_insert after insert on ${table} referencing new table as new_rows for each statement execute function hwe_collect_${table}()`,
    `create trigger hwe_collect_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function hwe_collect_${table}()`,
    `create trigger hwe_collect_delete after delete on ${table} referencing old table as old_rows for each statement execute function hwe_collect_${table}()`,
    `create constraint trigger hwe_bump after insert or update or delete on ${table} deferrable initially deferred for each row execute function hwe_bump_changes()`,
  ]),
];

/**
 * Migration 10: one bump event per transaction instead of one per written row. The constraint trigger above
 * queued an event for every row (a 200-value submission queued 200, and all but the first found nothing left to
 * bump), about a tenth of a submission's database time. Now the first note of a transaction writes one row into
 * `change_pending`, whose deferred trigger bumps at commit and removes that row again; the rest is unchanged.
 * The table is unlogged: a row outlives its transaction only in a crash, which empties an unlogged table.
 * The history's scopes are now looked up by the distinct series of the written rows in one index scan, where the
 * join probed the index once per row (1.1 → 0.4 ms for a 200-value submission).
 */
export const ONE_BUMP_PER_TRANSACTION_STATEMENTS: readonly string[] = [
  ...Object.keys(SCOPES_OF).map((table) => `drop trigger hwe_bump on ${table}`),
  'create unlogged table change_pending (txid bigint not null)',
  `create or replace function hwe_note_changes(scopes text[]) returns void language plpgsql as $$
   declare
     pending text := coalesce(current_setting('hwe.changed_scopes', true), '');
   begin
     if cardinality(scopes) = 0 then return; end if;
     if pending = '' then insert into change_pending (txid) values (txid_current()); end if;
     perform set_config('hwe.changed_scopes',
       array(select distinct s from unnest(case when pending = '' then scopes else pending::text[] || scopes end) s where s is not null order by s)::text, true);
   end $$`,
  `create or replace function hwe_bump_changes() returns trigger language plpgsql as $$
   declare
     pending text := coalesce(current_setting('hwe.changed_scopes', true), '');
   begin
     delete from change_pending where txid = txid_current();
     if pending = '' then return null; end if;
     perform set_config('hwe.changed_scopes', '', true);
     insert into change_version as c (scope, v) select s, 1 from unnest(pending::text[]) s order by s
       on conflict (scope) do update set v = c.v + 1;
     return null;
   end $$`,
  'create constraint trigger hwe_bump after insert on change_pending deferrable initially deferred for each row execute function hwe_bump_changes()',
  `create or replace function hwe_collect_historic_value() returns trigger language plpgsql as $$
   begin
     if tg_op in ('INSERT', 'UPDATE') then perform hwe_note_changes(array(select distinct e.mr_id from round_entry e where e.ts_id = any(array(select distinct x.ts_id from new_rows x)))); end if;
     if tg_op in ('DELETE', 'UPDATE') then perform hwe_note_changes(array(select distinct e.mr_id from round_entry e where e.ts_id = any(array(select distinct x.ts_id from old_rows x)))); end if;
     return null;
   end $$`,
];

/** The change versions of `*` and of the given rounds (all rounds for 'all'), sorted by scope. */
export async function changeVersions(db: Queryable, rounds: readonly string[] | 'all'): Promise<[string, string][]> {
  const rows = await db.query<{ scope: string; v: string }>(
    'select scope, v::text as v from change_version where $1::text[] is null or scope = any($1) order by scope',
    [rounds === 'all' ? null : ['*', ...rounds]],
  );
  return rows.map((r) => [r.scope, r.v]);
}
