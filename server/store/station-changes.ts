import type { CompletedEntry, StationFacility, StationTask } from '../../schemas/api';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/errors';

/** A station task or facility change the server does not apply (the general codes stay for size limits). */
function refused(status: 400 | 403, message: string, field: string): HttpError {
  return new HttpError(status, message, field, { code: 'station-change-refused' });
}

/**
 * At most this many open tasks and facilities per station in a round load: a user may create tasks on their
 * stations, but never so many that loading the round becomes slow for everyone else on it.
 */
export const MAX_PER_STATION = 100;

/**
 * At most this many station tasks and this many facility changes in one submission (413 beyond): a round
 * has a few per station; thousands would only fill the stations' lists for everyone else.
 */
export const MAX_TASKS_PER_SUBMISSION = 500;
export const MAX_FACILITIES_PER_SUBMISSION = 500;

/** Counts tasks and facility changes of a raw body before it is validated and stored. */
export function checkStationChangeCounts(raw: unknown): void {
  const entries = (raw as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return;
  const count = (key: string) =>
    entries.reduce(
      (n: number, e: unknown) =>
        n +
        (Array.isArray((e as Record<string, unknown> | null)?.[key])
          ? ((e as Record<string, unknown[]>)[key]?.length ?? 0)
          : 0),
      0,
    );
  if (count('staTasks') > MAX_TASKS_PER_SUBMISSION)
    throw new HttpError(413, `entries: at most ${MAX_TASKS_PER_SUBMISSION} station tasks per submission`, 'entries');
  if (count('staFacilities') > MAX_FACILITIES_PER_SUBMISSION)
    throw new HttpError(
      413,
      `entries: at most ${MAX_FACILITIES_PER_SUBMISSION} station facilities per submission`,
      'entries',
    );
}

interface TaskRow {
  task_id: string;
  sta_number: string;
  task_type: string;
  text: string | null;
  creation_time: Date | string;
}

/** Open (not done) station tasks by station number (§3 Station task), the oldest first. */
export async function openTasks(db: Queryable, staNumbers: string[]): Promise<Map<string, StationTask[]>> {
  const rows = await db.query<TaskRow>(
    `select t.* from unnest($1::text[]) as s(sta_number) cross join lateral (
       select task_id, sta_number, task_type, text, creation_time from station_task
       where sta_number = s.sta_number and not task_done order by creation_time, task_id limit $2) t`,
    [staNumbers, MAX_PER_STATION],
  );
  const byStation = new Map<string, StationTask[]>();
  for (const r of rows) {
    const task: StationTask = {
      taskId: r.task_id,
      taskType: r.task_type,
      taskDone: false,
      staNumber: r.sta_number,
      creationTime: new Date(r.creation_time).toISOString(),
      ...(r.text ? { text: r.text } : {}),
    };
    const list = byStation.get(r.sta_number) ?? [];
    list.push(task);
    byStation.set(r.sta_number, list);
  }
  return byStation;
}

interface FacilityRow {
  facility_id: string;
  sta_number: string;
  number: string | null;
  name: string;
  model: string;
  attributes: Record<string, string | number | null>;
}

/** The valid facilities of each station (§3 Station facility), by name. */
export async function stationFacilities(db: Queryable, staNumbers: string[]): Promise<Map<string, StationFacility[]>> {
  const rows = await db.query<FacilityRow>(
    `select f.* from unnest($1::text[]) as s(sta_number) cross join lateral (
       select facility_id, sta_number, number, name, model, attributes from station_facility
       where sta_number = s.sta_number and not invalid order by name, facility_id limit $2) f`,
    [staNumbers, MAX_PER_STATION],
  );
  const byStation = new Map<string, StationFacility[]>();
  for (const r of rows) {
    const facility: StationFacility = {
      id: r.facility_id,
      name: r.name,
      model: r.model,
      attributes: r.attributes,
      stations: [r.sta_number],
      ...(r.number ? { number: r.number } : {}),
    };
    const list = byStation.get(r.sta_number) ?? [];
    list.push(facility);
    byStation.set(r.sta_number, list);
  }
  return byStation;
}

/**
 * Every task a submission names must belong to the station of the entry carrying it (the stored station,
 * never the client's): new ones are created there, and only tasks of that station can be closed. A task id
 * already used on another station is refused with 403, so no user closes or re-plants another round's task.
 */
async function checkTasks(tx: Queryable, entries: readonly CompletedEntry[]): Promise<void> {
  const ids = entries.flatMap((e) => (e.staTasks ?? []).map((t) => t.taskId));
  if (ids.length === 0) return;
  const stored = new Map(
    (
      await tx.query<{ task_id: string; sta_number: string }>(
        'select task_id, sta_number from station_task where task_id = any($1)',
        [ids],
      )
    ).map((r) => [r.task_id, r.sta_number]),
  );
  entries.forEach((entry, i) => {
    (entry.staTasks ?? []).forEach((task, j) => {
      const at = `entries.${i}.staTasks.${j}`;
      if (task.staNumber !== entry.staNumber)
        throw refused(400, `${at}.staNumber: must be the entry's station ${entry.staNumber}`, `${at}.staNumber`);
      const station = stored.get(task.taskId);
      if (station !== undefined && station !== entry.staNumber)
        throw refused(
          403,
          `${at}.taskId: task ${task.taskId} is not a task of station ${entry.staNumber}`,
          `${at}.taskId`,
        );
      if (station === undefined && !task.isNew && task.taskDone)
        throw refused(400, `${at}.taskId: unknown task ${task.taskId}`, `${at}.taskId`);
    });
  });
}

/**
 * Facility changes may only touch facilities that stand on a station of this round (a colleague may have
 * moved one between the round's stations meanwhile); NEW ones are created on the entry's stored station and
 * MOVE only targets stations of the round. Anything else is 403 or 400 naming the field.
 */
async function checkFacilities(
  tx: Queryable,
  entries: readonly CompletedEntry[],
  models: ReadonlySet<string>,
  stations: ReadonlySet<string>,
): Promise<void> {
  // most rounds change no facility: no round trip for them
  if (!entries.some((e) => e.staFacilities?.length)) return;
  const ids = entries.flatMap((e) => (e.staFacilities ?? []).flatMap((f) => (f.id ? [f.id] : [])));
  const stored = new Map(
    (
      await tx.query<{ facility_id: string; sta_number: string }>(
        'select facility_id, sta_number from station_facility where facility_id = any($1)',
        [ids],
      )
    ).map((r) => [r.facility_id, r.sta_number]),
  );
  entries.forEach((entry, i) => {
    (entry.staFacilities ?? []).forEach((f, j) => {
      const at = `entries.${i}.staFacilities.${j}`;
      const actions = new Set(f.action ?? []);
      if (!f.id) throw refused(400, `${at}.id: a facility change needs the facility id`, `${at}.id`);
      const station = stored.get(f.id);
      if (actions.has('NEW')) {
        if (!f.model || !models.has(f.model))
          throw refused(400, `${at}.model: unknown facility model ${f.model ?? ''}`, `${at}.model`);
        if (!f.name?.trim()) throw refused(400, `${at}.name: a new facility needs a name`, `${at}.name`);
        if (station !== undefined && station !== entry.staNumber)
          throw refused(403, `${at}.id: facility ${f.id} already exists on another station`, `${at}.id`);
      } else if (actions.size > 0 || f.invalid) {
        if (station === undefined) throw refused(400, `${at}.id: unknown facility ${f.id}`, `${at}.id`);
        if (!stations.has(station))
          throw refused(403, `${at}.id: facility ${f.id} is not on a station of this measure round`, `${at}.id`);
      }
      if (actions.has('MOVE')) {
        const target = f.stations?.[0];
        if (!target || !stations.has(target))
          throw refused(400, `${at}.stations: ${target ?? 'nothing'} is not a station of this round`, `${at}.stations`);
      }
    });
  });
}

/** Checks every task and facility change of a submission before anything of it is written. */
export async function checkStationChanges(
  tx: Queryable,
  entries: readonly CompletedEntry[],
  models: ReadonlySet<string>,
  stations: ReadonlySet<string>,
): Promise<void> {
  await checkTasks(tx, entries);
  await checkFacilities(tx, entries, models, stations);
}

/**
 * Writes checked changes. Tasks: NEW is created once by its taskId, done closes it (a repeat changes
 * nothing). Facilities: NEW creates once by id, EDIT sets name and attributes, MOVE puts it on the first of
 * its stations, invalid takes it out of service. Every statement is limited to the stations it was checked
 * against, so a check and a write can never disagree.
 */
export async function storeStationChanges(
  tx: Queryable,
  entries: readonly CompletedEntry[],
  username: string,
  stations: ReadonlySet<string>,
): Promise<void> {
  const roundStations = [...stations];
  for (const entry of entries) {
    for (const task of entry.staTasks ?? []) {
      if (task.isNew) {
        // The server's clock, never the client's: open tasks are listed oldest first and capped, so a task
        // dated 1900 by a client would push the station's real tasks out of the list.
        await tx.query(
          'insert into station_task (task_id, sta_number, task_type, text, created_by, creation_time) values ($1, $2, $3, $4, $5, now()) on conflict (task_id) do nothing',
          [task.taskId, entry.staNumber, task.taskType, task.text ?? null, username],
        );
      }
      if (task.taskDone)
        await tx.query(
          'update station_task set task_done = true, done_time = now(), done_by = $2 where task_id = $1 and sta_number = $3 and not task_done',
          [task.taskId, username, entry.staNumber],
        );
    }
    for (const f of entry.staFacilities ?? []) {
      const actions = new Set(f.action ?? []);
      const own = [f.id, roundStations, username] as const;
      if (actions.has('NEW')) {
        await tx.query(
          'insert into station_facility (facility_id, sta_number, number, name, model, attributes, updated_by) values ($1, $2, $3, $4, $5, $6, $7) on conflict (facility_id) do nothing',
          [
            f.id,
            entry.staNumber,
            f.number ?? null,
            f.name?.trim(),
            f.model,
            JSON.stringify(f.attributes ?? {}),
            username,
          ],
        );
      }
      if (actions.has('EDIT')) {
        await tx.query(
          'update station_facility set name = coalesce($4, name), attributes = coalesce($5::jsonb, attributes), updated_at = now(), updated_by = $3 where facility_id = $1 and sta_number = any($2)',
          [...own, f.name?.trim() || null, f.attributes ? JSON.stringify(f.attributes) : null],
        );
      }
      if (actions.has('MOVE'))
        await tx.query(
          'update station_facility set sta_number = $4, updated_at = now(), updated_by = $3 where facility_id = $1 and sta_number = any($2)',
          [...own, f.stations?.[0]],
        );
      if (f.invalid)
        await tx.query(
          'update station_facility set invalid = true, updated_at = now(), updated_by = $3 where facility_id = $1 and sta_number = any($2)',
          [...own],
        );
    }
  }
}
