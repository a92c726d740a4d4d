import { createHash } from 'node:crypto';
import type { ConfigInput, FacilityModel, MeasureDocument, Meter } from '../../schemas/api';
import type { Database, Queryable } from '../db/database';
import { canonicalJson } from '../../src/domain/canonical-json';
import { checkNetwork, type KnownInDatabase } from './check';
import {
  NETWORK_FORMAT,
  NETWORK_KINDS,
  NETWORK_VERSION,
  NetworkInvalid,
  type Network,
  type NetworkEntry,
  type NetworkKind,
  type NetworkMap,
  type NetworkProblem,
} from './format';
import type { Origins } from './read-files';

/** Serialises network imports of every instance on one database. */
const NETWORK_IMPORT_LOCK = 7_271_003;

/** The whole network as the database holds it (the export, and the "before" of a dry run). */
export async function loadNetwork(
  db: Queryable,
): Promise<Required<Omit<Network, 'config'>> & { config?: ConfigInput }> {
  const rounds = await db.query<{ mr_id: string; mr_name: string; mr_group: string | null }>(
    'select mr_id, mr_name, mr_group from measure_round order by sort, mr_name',
  );
  const entries = await db.query<{ mr_id: string; definition: Omit<NetworkEntry, 'mrId'> }>(
    'select e.mr_id, e.definition from round_entry e join measure_round r on r.mr_id = e.mr_id order by r.sort, r.mr_name, e.position',
  );
  const product = await productOf(db);
  const permissions = await db.query<{ username: string; mr_id: string; role: string }>(
    'select username, mr_id, role from permission order by username, mr_id, role',
  );
  const tasks = await db.query<{
    task_id: string;
    sta_number: string;
    task_type: string;
    text: string | null;
    task_done: boolean;
  }>('select task_id, sta_number, task_type, text, task_done from station_task order by task_id');
  const facilities = await db.query<{
    facility_id: string;
    sta_number: string;
    number: string | null;
    name: string;
    model: string;
    attributes: Record<string, string | number | null>;
    invalid: boolean;
  }>(
    'select facility_id, sta_number, number, name, model, attributes, invalid from station_facility order by facility_id',
  );
  const reference = new Map(
    (await db.query<{ key: string; data: unknown }>('select key, data from reference_data')).map((r) => [
      r.key,
      r.data,
    ]),
  );
  const maps = await db.query<{
    mr_id: string;
    kind: 'track' | 'overlay';
    map_type: '' | 'ortho' | 'osm';
    data: object;
  }>('select mr_id, kind, map_type, data from map_data order by mr_id, kind, map_type');
  const config = reference.get('config') as ConfigInput | undefined;
  return {
    format: NETWORK_FORMAT,
    version: NETWORK_VERSION,
    rounds: rounds.map((r) => ({ mrId: r.mr_id, mrName: r.mr_name, ...(r.mr_group ? { mrGroup: r.mr_group } : {}) })),
    entries: entries.map((e) => ({ mrId: e.mr_id, ...withoutHistory(e.definition) })),
    permissions: permissions.map((p) => ({
      username: p.username,
      mrId: p.mr_id,
      role: p.role.startsWith(`${product}_`) ? p.role.slice(product.length + 1) : p.role,
    })),
    tasks: tasks.map((t) => ({
      taskId: t.task_id,
      staNumber: t.sta_number,
      taskType: t.task_type,
      ...(t.text ? { text: t.text } : {}),
      taskDone: t.task_done,
    })),
    facilities: facilities.map((f) => ({
      facilityId: f.facility_id,
      staNumber: f.sta_number,
      ...(f.number ? { number: f.number } : {}),
      name: f.name,
      model: f.model,
      ...(Object.keys(f.attributes ?? {}).length ? { attributes: f.attributes } : {}),
      invalid: f.invalid,
    })),
    meters: (reference.get('dischargeMeters') as Meter[] | undefined) ?? [],
    facilityModels: (reference.get('facilityModels') as FacilityModel[] | undefined) ?? [],
    documents: (reference.get('measureDocuments') as MeasureDocument[] | undefined) ?? [],
    maps: maps.map((m) => ({ mrId: m.mr_id, kind: m.kind, mapType: m.map_type, data: m.data })),
    ...(config ? { config } : {}),
  };
}

/** A stored definition holds only §3 definition fields; anything else is not part of the network. */
function withoutHistory(d: Omit<NetworkEntry, 'mrId'>): Omit<NetworkEntry, 'mrId'> {
  const copy: Record<string, unknown> = { ...d };
  for (const k of ['staTasks', 'staFacilities', 'last', 'min', 'max', 'sameDay', 'staRemarks']) delete copy[k];
  return copy as Omit<NetworkEntry, 'mrId'>;
}

export async function productOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ data: { product?: string } }>("select data from reference_data where key = 'config'");
  return row?.data.product ?? 'HWE';
}

const KEY_OF: Record<Exclude<NetworkKind, 'config'>, (item: never) => string> = {
  rounds: (r: { mrId: string }) => r.mrId,
  entries: (e: { mrId: string; tsId: string }) => `${e.mrId} / ${e.tsId}`,
  tasks: (t: { taskId: string }) => t.taskId,
  facilities: (f: { facilityId: string }) => f.facilityId,
  permissions: (p: { username: string; mrId: string; role: string }) => `${p.username} / ${p.mrId} / ${p.role}`,
  meters: (m: { name: string }) => m.name,
  facilityModels: (m: { name: string }) => m.name,
  documents: (d: { mdId: string }) => d.mdId,
  maps: (m: { mrId: string; kind: string; mapType: string }) =>
    `${m.mrId} / ${m.kind}${m.mapType ? ` ${m.mapType}` : ''}`,
};

/** Kinds whose rows missing from the file stay: field staff create tasks and facilities too. */
const KEPT_WHEN_MISSING: ReadonlySet<NetworkKind> = new Set(['tasks', 'facilities']);

export interface KindChanges {
  added: string[];
  changed: string[];
  removed: string[];
}
export type NetworkChanges = Partial<Record<NetworkKind, KindChanges>>;

/** What an import of `next` would add, change and remove, per kind present in the upload. */
export function diffNetwork(current: Network, next: Network): NetworkChanges {
  const changes: NetworkChanges = {};
  for (const kind of NETWORK_KINDS) {
    const after = next[kind];
    if (after === undefined) continue;
    if (kind === 'config') {
      const same = current.config !== undefined && canonicalJson(current.config) === canonicalJson(after);
      changes.config = {
        added: current.config === undefined ? ['config'] : [],
        changed: current.config !== undefined && !same ? ['config'] : [],
        removed: [],
      };
      continue;
    }
    const key = KEY_OF[kind] as (item: unknown) => string;
    const before = new Map(((current[kind] ?? []) as unknown[]).map((item) => [key(item), canonicalJson(item)]));
    const afterKeys = new Set<string>();
    const result: KindChanges = { added: [], changed: [], removed: [] };
    for (const item of after as unknown[]) {
      const k = key(item);
      afterKeys.add(k);
      const old = before.get(k);
      if (old === undefined) result.added.push(k);
      else if (old !== canonicalJson(normalized(kind, item))) result.changed.push(k);
    }
    if (!KEPT_WHEN_MISSING.has(kind)) for (const k of before.keys()) if (!afterKeys.has(k)) result.removed.push(k);
    changes[kind] = result;
  }
  return changes;
}

/** An item as loadNetwork would read it back, so an unchanged row compares equal. */
function normalized(kind: NetworkKind, item: unknown): unknown {
  if (kind === 'tasks') return { ...(item as object), taskDone: (item as { taskDone?: boolean }).taskDone ?? false };
  if (kind === 'facilities') return { ...(item as object), invalid: (item as { invalid?: boolean }).invalid ?? false };
  return item;
}

async function knownInDatabase(db: Queryable): Promise<KnownInDatabase> {
  const rounds = await db.query<{ mr_id: string; mr_name: string }>('select mr_id, mr_name from measure_round');
  const tsIds = await db.query<{ ts_id: string }>('select distinct ts_id from round_entry');
  const [models] = await db.query<{ data: { name: string }[] }>(
    "select data from reference_data where key = 'facilityModels'",
  );
  return {
    roundIds: new Set(rounds.map((r) => r.mr_id)),
    roundNames: new Set(rounds.map((r) => r.mr_name)),
    tsIds: new Set(tsIds.map((r) => r.ts_id)),
    modelNames: new Set((models?.data ?? []).map((m) => m.name)),
    product: await productOf(db),
  };
}

export interface ImportResult {
  applied: boolean;
  changes: NetworkChanges;
}

/**
 * Checks the network against the schemas and the database, and (unless `dryRun`) stores it in ONE
 * transaction: nothing is stored unless all of it is valid. Throws NetworkInvalid listing every problem.
 */
export async function importNetwork(
  db: Database,
  input: { network: Network; problems: NetworkProblem[]; origins: Origins },
  opts: { dryRun: boolean },
): Promise<ImportResult> {
  if (input.network.version !== undefined && input.network.version > NETWORK_VERSION)
    throw new NetworkInvalid([
      {
        file: 'network.json',
        column: 'version',
        message: `version ${input.network.version} is newer than this server reads (${NETWORK_VERSION})`,
      },
    ]);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [NETWORK_IMPORT_LOCK]);
    const problems = [...input.problems, ...checkNetwork(input.network, input.origins, await knownInDatabase(tx))];
    const current = await loadNetwork(tx);
    const changes = diffNetwork(current, input.network);
    problems.push(...(await removalProblems(tx, changes)));
    if (problems.length > 0) throw new NetworkInvalid(problems);
    if (!opts.dryRun) await applyNetwork(tx, input.network, changes);
    return { applied: !opts.dryRun, changes };
  });
}

/** A round that holds submissions or photos cannot be removed: they are the agency's records. */
async function removalProblems(tx: Queryable, changes: NetworkChanges): Promise<NetworkProblem[]> {
  const removed = changes.rounds?.removed ?? [];
  if (removed.length === 0) return [];
  const used = await tx.query<{ mr_id: string; n: number }>(
    `select mr_id, count(*)::int as n from (select mr_id from submission where mr_id = any($1) union all select mr_id from image where mr_id = any($1)) u group by mr_id`,
    [removed],
  );
  return used.map((u) => ({
    file: 'rounds.csv',
    column: 'mrId',
    message: `the round "${u.mr_id}" is missing from the file but holds ${u.n} submission(s) or photo(s); it cannot be removed (keep its row)`,
  }));
}

async function applyNetwork(tx: Queryable, network: Network, changes: NetworkChanges): Promise<void> {
  const product = network.config?.product ?? (await productOf(tx));
  if (network.config !== undefined) await putReference(tx, 'config', network.config);
  if (network.rounds) {
    for (const [i, r] of network.rounds.entries())
      await tx.query(
        `insert into measure_round (mr_id, mr_name, mr_group, sort) values ($1, $2, $3, $4)
         on conflict (mr_id) do update set mr_name = excluded.mr_name, mr_group = excluded.mr_group, sort = excluded.sort`,
        [r.mrId, r.mrName, r.mrGroup ?? null, i],
      );
    const removed = changes.rounds?.removed ?? [];
    if (removed.length) {
      await tx.query('delete from map_data where mr_id = any($1)', [removed]);
      await tx.query('delete from measure_round where mr_id = any($1)', [removed]);
    }
  }
  if (network.entries) {
    const rows = network.entries.map((e) => {
      const { mrId, ...definition } = e;
      return { mrId, tsId: e.tsId as string, definition };
    });
    await tx.query(
      `delete from round_entry e where not exists (select 1 from unnest($1::text[], $2::text[]) as k(mr_id, ts_id) where k.mr_id = e.mr_id and k.ts_id = e.ts_id)`,
      [rows.map((r) => r.mrId), rows.map((r) => r.tsId)],
    );
    const position = new Map<string, number>();
    await tx.query(
      `insert into round_entry (mr_id, ts_id, position, definition)
       select mr_id, ts_id, position, definition::jsonb from unnest($1::text[], $2::text[], $3::int[], $4::text[]) as t(mr_id, ts_id, position, definition)
       on conflict (mr_id, ts_id) do update set position = excluded.position, definition = excluded.definition`,
      [
        rows.map((r) => r.mrId),
        rows.map((r) => r.tsId),
        rows.map((r) => {
          const p = position.get(r.mrId) ?? 0;
          position.set(r.mrId, p + 1);
          return p;
        }),
        rows.map((r) => JSON.stringify(r.definition)),
      ],
    );
  }
  if (network.permissions) {
    await tx.query('delete from permission');
    for (const u of new Set(network.permissions.map((p) => p.username)))
      await tx.query('insert into app_user (username) values ($1) on conflict do nothing', [u]);
    for (const p of network.permissions) {
      const role = p.role.startsWith(`${product}_`) ? p.role : `${product}_${p.role}`;
      await tx.query('insert into permission (username, mr_id, role) values ($1, $2, $3) on conflict do nothing', [
        p.username,
        p.mrId,
        role,
      ]);
    }
  }
  for (const t of network.tasks ?? [])
    await tx.query(
      `insert into station_task (task_id, sta_number, task_type, text, task_done, created_by, done_time, done_by)
       values ($1, $2, $3, $4, $5, 'import', case when $5 then now() end, case when $5 then 'import' end)
       on conflict (task_id) do update set sta_number = excluded.sta_number, task_type = excluded.task_type, text = excluded.text,
         task_done = excluded.task_done,
         done_time = case when excluded.task_done and not station_task.task_done then now() when excluded.task_done then station_task.done_time end,
         done_by = case when excluded.task_done and not station_task.task_done then 'import' when excluded.task_done then station_task.done_by end`,
      [t.taskId, t.staNumber, t.taskType, t.text ?? null, t.taskDone ?? false],
    );
  for (const f of network.facilities ?? [])
    await tx.query(
      `insert into station_facility (facility_id, sta_number, number, name, model, attributes, invalid, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, 'import')
       on conflict (facility_id) do update set sta_number = excluded.sta_number, number = excluded.number, name = excluded.name,
         model = excluded.model, attributes = excluded.attributes, invalid = excluded.invalid, updated_at = now(), updated_by = 'import'`,
      [
        f.facilityId,
        f.staNumber,
        f.number ?? null,
        f.name,
        f.model,
        JSON.stringify(f.attributes ?? {}),
        f.invalid ?? false,
      ],
    );
  if (network.meters) await putReference(tx, 'dischargeMeters', network.meters);
  if (network.facilityModels) await putReference(tx, 'facilityModels', network.facilityModels);
  if (network.documents) await putReference(tx, 'measureDocuments', network.documents);
  if (network.maps) {
    await tx.query('delete from map_data');
    for (const m of network.maps)
      await tx.query('insert into map_data (mr_id, kind, map_type, data, etag) values ($1, $2, $3, $4, $5)', [
        m.mrId,
        m.kind,
        m.mapType,
        JSON.stringify(m.data),
        etagOfMap(m),
      ]);
  }
}

const etagOfMap = (m: NetworkMap) =>
  createHash('sha256').update(canonicalJson(m.data)).digest('base64url').slice(0, 22);

async function putReference(tx: Queryable, key: string, data: unknown): Promise<void> {
  await tx.query(
    `insert into reference_data (key, data) values ($1, $2) on conflict (key) do update set data = excluded.data, updated_at = now()`,
    [key, JSON.stringify(data)],
  );
}
