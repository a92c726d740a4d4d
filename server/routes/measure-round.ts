import { Hono } from 'hono';
import { DateTime } from 'luxon';
import { MeasureRoundPostSchema, type CompletedEntry, type MeasureRoundEntry, type MeasureRoundPost, type StationFacility, type StationTask } from '../../schemas/api';
import { decisionsRequired } from '../../src/domain/decisions';
import { requireRole, visibleRounds } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Database, Queryable } from '../db/database';
import { HttpError, parseOr400 } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readJsonBody } from '../http/body';

interface RoundRow {
  mr_id: string;
  mr_name: string;
  mr_group: string | null;
}

export async function findRound(db: Queryable, mrId: string): Promise<RoundRow> {
  const [row] = await db.query<RoundRow>('select mr_id, mr_name, mr_group from measure_round where mr_id = $1', [mrId]);
  if (!row) throw new HttpError(404, `measure round ${mrId} not found`);
  return row;
}

interface ValueRow {
  ts_id: string;
  dt: Date | string;
  value: number | null;
  sta_remark: { text?: string } | string | null;
}

/** §3 historic data of each entry: last value, min/max with and without it, same-day values, station remarks. */
function withHistory(entry: MeasureRoundEntry, rows: ValueRow[], today: string): MeasureRoundEntry {
  const values = rows.map((r) => ({ dt: new Date(r.dt).toISOString(), value: r.value }));
  const numbers = values.map((v) => v.value).filter((v): v is number => v !== null);
  const last = values.at(-1);
  const others = numbers.slice(0, -1);
  const remarks = rows
    .filter((r) => r.sta_remark)
    .map((r) => ({ dt: new Date(r.dt).toISOString(), text: typeof r.sta_remark === 'string' ? r.sta_remark : (r.sta_remark?.text ?? '') }))
    .filter((r) => r.text);
  return {
    ...entry,
    ...(last ? { last } : {}),
    ...(numbers.length ? { min: Math.min(...numbers), max: Math.max(...numbers) } : {}),
    ...(others.length ? { minExcludingLast: Math.min(...others), maxExcludingLast: Math.max(...others) } : {}),
    sameDay: values.filter((v) => DateTime.fromISO(v.dt).setZone('Europe/Vienna').toISODate() === today),
    ...(remarks.length ? { staRemarks: remarks.slice(-5) } : {}),
  };
}

interface TaskRow {
  task_id: string;
  sta_number: string;
  task_type: string;
  text: string | null;
  creation_time: Date | string;
}

/** Open (not done) station tasks by station number (§3 Station task). */
async function openTasks(db: Queryable, staNumbers: string[]): Promise<Map<string, StationTask[]>> {
  const rows = await db.query<TaskRow>('select task_id, sta_number, task_type, text, creation_time from station_task where not task_done and sta_number = any($1) order by creation_time', [staNumbers]);
  const byStation = new Map<string, StationTask[]>();
  for (const r of rows) {
    const task: StationTask = { taskId: r.task_id, taskType: r.task_type, taskDone: false, staNumber: r.sta_number, creationTime: new Date(r.creation_time).toISOString(), ...(r.text ? { text: r.text } : {}) };
    byStation.set(r.sta_number, [...(byStation.get(r.sta_number) ?? []), task]);
  }
  return byStation;
}

/** New tasks are created once by their taskId; done tasks are closed (a repeat changes nothing). */
async function storeTasks(tx: Queryable, post: MeasureRoundPost, username: string): Promise<void> {
  for (const [i, entry] of post.entries.entries()) {
    for (const [j, task] of (entry.staTasks ?? []).entries()) {
      if (task.staNumber !== entry.staNumber) throw new HttpError(400, `entries.${i}.staTasks.${j}.staNumber: must be the entry's station ${entry.staNumber}`, `entries.${i}.staTasks.${j}.staNumber`);
      if (task.isNew) {
        await tx.query('insert into station_task (task_id, sta_number, task_type, text, created_by, creation_time) values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) on conflict (task_id) do nothing', [task.taskId, task.staNumber, task.taskType, task.text ?? null, username, task.creationTime ?? null]);
      }
      if (task.taskDone) {
        await tx.query('update station_task set task_done = true, done_time = now(), done_by = $2 where task_id = $1 and not task_done', [task.taskId, username]);
      }
    }
  }
}

interface FacilityRow {
  facility_id: string;
  sta_number: string;
  number: string | null;
  name: string;
  model: string;
  attributes: Record<string, string | number | null>;
}

/** The valid facilities of each station (§3 Station facility). */
async function stationFacilities(db: Queryable, staNumbers: string[]): Promise<Map<string, StationFacility[]>> {
  const rows = await db.query<FacilityRow>('select facility_id, sta_number, number, name, model, attributes from station_facility where not invalid and sta_number = any($1) order by name', [staNumbers]);
  const byStation = new Map<string, StationFacility[]>();
  for (const r of rows) {
    const facility: StationFacility = { id: r.facility_id, name: r.name, model: r.model, attributes: r.attributes, stations: [r.sta_number], ...(r.number ? { number: r.number } : {}) };
    byStation.set(r.sta_number, [...(byStation.get(r.sta_number) ?? []), facility]);
  }
  return byStation;
}

/**
 * Facility changes of a submission: NEW creates the facility once (by id), EDIT sets name and attributes,
 * MOVE puts it on the first of its stations, invalid takes it out of service.
 */
async function storeFacilities(tx: Queryable, post: MeasureRoundPost, username: string, models: ReadonlySet<string>, stations: ReadonlySet<string>): Promise<void> {
  for (const [i, entry] of post.entries.entries()) {
    for (const [j, f] of (entry.staFacilities ?? []).entries()) {
      const at = `entries.${i}.staFacilities.${j}`;
      const actions = new Set(f.action ?? []);
      if (!f.id) throw new HttpError(400, `${at}.id: a facility change needs the facility id`, `${at}.id`);
      if (actions.has('NEW')) {
        if (!f.model || !models.has(f.model)) throw new HttpError(400, `${at}.model: unknown facility model ${f.model ?? ''}`, `${at}.model`);
        if (!f.name?.trim()) throw new HttpError(400, `${at}.name: a new facility needs a name`, `${at}.name`);
        await tx.query(
          'insert into station_facility (facility_id, sta_number, number, name, model, attributes, updated_by) values ($1, $2, $3, $4, $5, $6, $7) on conflict (facility_id) do nothing',
          [f.id, entry.staNumber, f.number ?? null, f.name.trim(), f.model, JSON.stringify(f.attributes ?? {}), username],
        );
      }
      if (actions.has('EDIT')) {
        await tx.query('update station_facility set name = coalesce($2, name), attributes = coalesce($3::jsonb, attributes), updated_at = now(), updated_by = $4 where facility_id = $1', [f.id, f.name?.trim() || null, f.attributes ? JSON.stringify(f.attributes) : null, username]);
      }
      if (actions.has('MOVE')) {
        const target = f.stations?.[0];
        if (!target || !stations.has(target)) throw new HttpError(400, `${at}.stations: ${target ?? 'nothing'} is not a station of this round`, `${at}.stations`);
        await tx.query('update station_facility set sta_number = $2, updated_at = now(), updated_by = $3 where facility_id = $1', [f.id, target, username]);
      }
      if (f.invalid) await tx.query('update station_facility set invalid = true, updated_at = now(), updated_by = $2 where facility_id = $1', [f.id, username]);
    }
  }
}

async function roundWithEntries(db: Database, mrId: string) {
  const round = await findRound(db, mrId);
  const entries = (await db.query<{ definition: MeasureRoundEntry }>('select definition from round_entry where mr_id = $1 order by position', [mrId])).map((r) => r.definition);
  const since = DateTime.now().minus({ days: 60 }).toISO();
  const rows = await db.query<ValueRow>('select ts_id, dt, value, sta_remark from historic_value where ts_id = any($1) and dt >= $2 order by ts_id, dt', [entries.map((e) => e.tsId), since]);
  const byTs = new Map<string, ValueRow[]>();
  for (const r of rows) byTs.set(r.ts_id, [...(byTs.get(r.ts_id) ?? []), r]);
  const today = DateTime.now().setZone('Europe/Vienna').toISODate() ?? '';
  const staNumbers = [...new Set(entries.map((e): string => e.staNumber))];
  const tasks = await openTasks(db, staNumbers);
  const facilities = await stationFacilities(db, staNumbers);
  return { $type: 'MeasureRound' as const, mrId: round.mr_id, mrName: round.mr_name, mrGroup: round.mr_group ?? undefined, entries: entries.map((e) => ({ ...withHistory(e, byTs.get(e.tsId) ?? [], today), staTasks: tasks.get(e.staNumber) ?? [], staFacilities: facilities.get(e.staNumber) ?? [] })) };
}

/** Stores a submission once: a repeated instanceId stores nothing and answers with the first result. */
async function storeSubmission(db: Database, mrId: string, post: MeasureRoundPost, username: string) {
  return db.transaction(async (tx) => {
    // Concurrent re-sends of one instanceId (a client retrying after a lost answer) queue here, so the
    // second sees the first as stored instead of failing on the primary key (PostgreSQL runs them in parallel).
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [post.instanceId]);
    const [existing] = await tx.query<{ value_count: number; mr_id: string }>('select value_count, mr_id from submission where instance_id = $1', [post.instanceId]);
    if (existing && existing.mr_id !== mrId) throw new HttpError(409, `instanceId: ${post.instanceId} was already submitted to measure round ${existing.mr_id}`, 'instanceId');
    // A duplicate is answered before the entries are checked again: the round may have changed since.
    if (existing) return { instanceId: post.instanceId, valueCount: existing.value_count, duplicate: true };
    const known = new Set((await tx.query<{ ts_id: string }>('select ts_id from round_entry where mr_id = $1', [mrId])).map((r) => r.ts_id));
    const seen = new Set<string>();
    post.entries.forEach((entry, i) => {
      if (!known.has(entry.tsId)) throw new HttpError(400, `entries.${i}.tsId: ${entry.tsId} is not a timeseries of measure round ${mrId}`, `entries.${i}.tsId`);
      for (const dt of [entry.dt, entry.valueAfter?.dt]) {
        if (!dt) continue;
        const key = `${entry.tsId}|${Date.parse(dt)}`;
        if (seen.has(key)) throw new HttpError(400, `entries.${i}.dt: a second value for ${entry.tsId} at ${dt}`, `entries.${i}.dt`);
        seen.add(key);
      }
    });
    const definitions = new Map((await tx.query<{ definition: MeasureRoundEntry }>('select definition from round_entry where mr_id = $1', [mrId])).map((r) => [r.definition.tsId as string, r.definition]));
    // §3: a completed entry carries valueAfter as a number (its time is dt + 60 s), as the archive reads it
    const entries: CompletedEntry[] = post.entries.map(({ valueAfter, ...e }) => ({ ...definitions.get(e.tsId), ...e, ...(valueAfter ? { valueAfter: valueAfter.value } : {}) }) as CompletedEntry);
    const required = decisionsRequired(entries);
    const state = required.userDecision1Required ? 'submitted' : 'completed';
    // One statement for all values: a 200-entry round is one round trip, not 400.
    const rows = post.entries.flatMap((entry) => {
      const remarks = [entry.tsRemark ? JSON.stringify(entry.tsRemark) : null, entry.staRemark ? JSON.stringify(entry.staRemark) : null];
      const main = [entry.tsId, entry.dt, entry.value ?? null, ...remarks] as const;
      return entry.valueAfter ? [main, [entry.tsId, entry.valueAfter.dt, entry.valueAfter.value, null, null] as const] : [main];
    });
    const valueCount = rows.filter((r) => r[2] !== null).length;
    await tx.query(
      `insert into historic_value (ts_id, dt, value, ts_remark, sta_remark, instance_id)
       select t.ts_id, t.dt, t.value, t.ts_remark::jsonb, t.sta_remark::jsonb, $6::uuid
       from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::text[], $5::text[]) as t(ts_id, dt, value, ts_remark, sta_remark)
       on conflict (ts_id, dt) do update set value = excluded.value, ts_remark = excluded.ts_remark, sta_remark = excluded.sta_remark, instance_id = excluded.instance_id`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4]), post.instanceId],
    );
    await storeTasks(tx, post, username);
    const modelRows = await tx.query<{ data: { name: string }[] }>("select data from reference_data where key = 'facilityModels'");
    await storeFacilities(tx, post, username, new Set((modelRows[0]?.data ?? []).map((m) => m.name)), new Set([...definitions.values()].map((d): string => d.staNumber)));
    await tx.query(
      `insert into submission (instance_id, mr_id, body, value_count, username, creation_time, state, entries, user_decision1_required, user_decision2_required, completion_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $7 = 'completed' then now() end)`,
      [post.instanceId, mrId, JSON.stringify(post), valueCount, username, post.creationTime, state, JSON.stringify(entries), required.userDecision1Required, required.userDecision2Required],
    );
    return { instanceId: post.instanceId, valueCount, duplicate: false };
  });
}

export const ANY_ROLE = ['OBSERVE', 'RESPONSIBLE1', 'RESPONSIBLE2'] as const;

export function measureRoundRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const visible = await visibleRounds(db, c.get('user'));
      const rows = await db.query<RoundRow>('select mr_id, mr_name, mr_group from measure_round order by sort, mr_name');
      return c.json(rows.filter((r) => visible === 'all' || visible.has(r.mr_id)).map((r) => ({ $type: 'MeasureRound', mrId: r.mr_id, mrName: r.mr_name, mrGroup: r.mr_group ?? undefined })));
    })
    .get('/:mrId', async (c) => {
      const mrId = c.req.param('mrId');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      return c.json(await roundWithEntries(db, mrId));
    })
    .post('/:mrId', async (c) => {
      const mrId = c.req.param('mrId');
      await findRound(db, mrId);
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      const post = parseOr400(MeasureRoundPostSchema, await readJsonBody(c));
      return c.json(await storeSubmission(db, mrId, post, c.get('user').username));
    });
}
