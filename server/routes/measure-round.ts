import { canonicalJson } from '../../src/domain/canonical-json';
import { countPostValues } from '../../src/domain/submission';
import { Hono } from 'hono';
import { MeasureRoundPostSchema, type MeasureRoundEntry, type MeasureRoundPost } from '../../schemas/api';
import { decisionsRequired } from '../../src/domain/decisions';
import { requireRoleOnRound } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Database, Queryable } from '../db/database';
import { HttpError, parseOr400 } from '../http/errors';
import type { AppEnv, RequestUser } from '../http/app-env';
import { readJsonBody } from '../http/body';
import { ENTRY_EXTENSION_FIELDS, forProfile, type ApiProfile } from '../extensions';
import { roundHistory } from '../store/round-history';
import {
  checkStationChangeCounts,
  checkStationChanges,
  openTasks,
  stationFacilities,
  storeStationChanges,
} from '../store/station-changes';
import { mergeEntries } from '../store/submission-rules';

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

/** The body of GET /measure-round/{mrId}: definitions with their history, open tasks and facilities. */
export async function roundWithEntries(db: Queryable, mrId: string, profile: ApiProfile = 'full') {
  const round = await findRound(db, mrId);
  const entries = (
    await db.query<{ definition: MeasureRoundEntry }>(
      'select definition from round_entry where mr_id = $1 order by position',
      [mrId],
    )
  ).map((r) => r.definition);
  const history = await roundHistory(
    db,
    entries.map((e): string => e.tsId),
  );
  const staNumbers = [...new Set(entries.map((e): string => e.staNumber))];
  const tasks = await openTasks(db, staNumbers);
  const facilities = await stationFacilities(db, staNumbers);
  return {
    $type: 'MeasureRound' as const,
    mrId: round.mr_id,
    mrName: round.mr_name,
    mrGroup: round.mr_group ?? undefined,
    entries: entries.map((e) => ({
      ...forProfile(profile, e, ENTRY_EXTENSION_FIELDS),
      ...history.get(e.tsId),
      staTasks: tasks.get(e.staNumber) ?? [],
      staFacilities: facilities.get(e.staNumber) ?? [],
    })),
  };
}

/** 403 naming the field when a remark names an image uploaded to another round (the archive would show it). */
async function checkRemarkImages(tx: Queryable, post: MeasureRoundPost, mrId: string): Promise<void> {
  const refs = post.entries.flatMap((e, i) =>
    (['tsRemark', 'staRemark'] as const).flatMap((kind) =>
      (e[kind]?.images ?? []).map((id, k) => ({ id, field: `entries.${i}.${kind}.images.${k}` })),
    ),
  );
  if (refs.length === 0) return;
  const foreign = new Set(
    (
      await tx.query<{ image_id: string }>('select image_id from image where image_id = any($1) and mr_id <> $2', [
        refs.map((r) => r.id),
        mrId,
      ])
    ).map((r) => r.image_id),
  );
  const ref = refs.find((r) => foreign.has(r.id));
  if (ref)
    throw new HttpError(403, `${ref.field}: image ${ref.id} belongs to another measure round`, ref.field, {
      code: 'image-other-round',
      params: { imageId: ref.id },
    });
}

export interface HistoryConflict {
  field: string;
  tsId: string;
  dt: string;
  /** The value kept in the history and the submission it came from (null: imported or seeded). */
  value: number | null;
  instanceId: string | null;
}

/** One point a submission writes into the history, and the field of the post it came from. */
interface ValuePoint {
  tsId: string;
  dt: string;
  value: number | null;
  tsRemark: unknown;
  staRemark: unknown;
  field: string;
}

/**
 * Writes the values of a submission into the history. The first value stored at a series and time stays:
 * a later submission never replaces another's value there; where its value differs, the point is reported
 * as a conflict (in the answer and on the submission), and its own value stays in its archived entries.
 */
async function storeValues(
  tx: Queryable,
  points: readonly ValuePoint[],
  instanceId: string,
): Promise<HistoryConflict[]> {
  // The points travel as one JSON text: PostgreSQL reads it in C, where five text arrays were escaped in JavaScript.
  const json = JSON.stringify(
    points.map((p, i) => ({
      i,
      ts_id: p.tsId,
      dt: p.dt,
      value: p.value,
      ts_remark: p.tsRemark,
      sta_remark: p.staRemark,
    })),
  );
  // The insert answers only how many points it stored: a round's values are nearly always new, so the usual
  // submission is one statement that sends nothing back. Only when a point was skipped (a value already there)
  // are the points held by other submissions read back. That read runs after the insert, so it also sees a value
  // a concurrent submission stored first (the insert waited for it and skipped the point): a snapshot taken
  // before the insert would miss that conflict.
  const [stored] = await tx.query<{ n: number }>(
    `with stored as (
       insert into historic_value (ts_id, dt, value, ts_remark, sta_remark, instance_id)
       select t.ts_id, t.dt, t.value, t.ts_remark, t.sta_remark, $2::uuid
       from json_to_recordset($1::json) as t(ts_id text, dt timestamptz, value float8, ts_remark jsonb, sta_remark jsonb)
       on conflict (ts_id, dt) do nothing
       returning 1)
     select count(*)::int as n from stored`,
    [json, instanceId],
  );
  if (stored?.n === points.length) return [];
  const held = await tx.query<{ i: number; dt: Date | string; value: number | null; instance_id: string | null }>(
    `select t.i, h.dt, h.value, h.instance_id from json_to_recordset($1::json) as t(i int, ts_id text, dt timestamptz)
     join historic_value h on h.ts_id = t.ts_id and h.dt = t.dt
     where h.instance_id is distinct from $2::uuid order by t.i`,
    [json, instanceId],
  );
  return held.flatMap((h): HistoryConflict[] => {
    const p = points[h.i];
    return p && h.value !== p.value
      ? [{ field: p.field, tsId: p.tsId, dt: new Date(h.dt).toISOString(), value: h.value, instanceId: h.instance_id }]
      : [];
  });
}

/**
 * Stores a submission once. A repeat of an instanceId with the same body stores nothing and answers with the
 * first result; with a different body it is refused (409), never answered as a success: a change of a stored
 * submission is a correction, a new instanceId naming the one it corrects (`corrects`, extension 'corrections').
 * A correction takes the place of the corrected submission's values in the history.
 */
async function storeSubmission(db: Database, mrId: string, post: MeasureRoundPost, username: string) {
  return db.transaction(async (tx) => {
    // Concurrent re-sends of one instanceId (a client retrying after a lost answer) queue here, so the
    // second sees the first as stored instead of failing on the primary key (PostgreSQL runs them in parallel;
    // PGlite runs one transaction after the other anyway, and is spared the round trip).
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(hashtext($1))', [post.instanceId]);
    // The stored submission of this instanceId, if any, and the round's definitions in one round trip: the
    // definitions as one JSON array, parsed once instead of row by row.
    const [found] = await tx.query<{
      existing: { value_count: number; mr_id: string; conflicts: HistoryConflict[] | null; body: unknown } | null;
      definitions: MeasureRoundEntry[] | null;
    }>(
      `select (select json_build_object('value_count', value_count, 'mr_id', mr_id, 'conflicts', conflicts, 'body', body)
               from submission where instance_id = $1) as existing,
              (select json_agg(definition) from round_entry where mr_id = $2) as definitions`,
      [post.instanceId, mrId],
    );
    const existing = found?.existing;
    if (existing && existing.mr_id !== mrId)
      throw new HttpError(
        409,
        `instanceId: ${post.instanceId} was already submitted to measure round ${existing.mr_id}`,
        'instanceId',
        { code: 'submission-elsewhere', params: { instanceId: post.instanceId } },
      );
    if (existing && canonicalJson(existing.body) !== canonicalJson(post)) {
      throw new HttpError(
        409,
        `instanceId: ${post.instanceId} was already submitted with a different body; send the change as a correction (a new instanceId with corrects: ${post.instanceId})`,
        'instanceId',
        { code: 'submission-differs', params: { instanceId: post.instanceId } },
      );
    }
    // A duplicate is answered before the entries are checked again: the round may have changed since.
    if (existing)
      return {
        instanceId: post.instanceId,
        valueCount: existing.value_count,
        duplicate: true,
        ...(existing.conflicts ? { conflicts: existing.conflicts } : {}),
      };
    if (post.corrects !== undefined) {
      if (post.corrects === post.instanceId)
        throw new HttpError(400, 'corrects: a submission cannot correct itself', 'corrects', {
          code: 'corrects-invalid',
        });
      const [corrected] = await tx.query<{ mr_id: string }>('select mr_id from submission where instance_id = $1', [
        post.corrects,
      ]);
      if (!corrected)
        throw new HttpError(409, `corrects: submission ${post.corrects} is not stored`, 'corrects', {
          code: 'corrects-invalid',
        });
      if (corrected.mr_id !== mrId)
        throw new HttpError(
          409,
          `corrects: submission ${post.corrects} belongs to measure round ${corrected.mr_id}`,
          'corrects',
          { code: 'corrects-invalid' },
        );
      // The corrected values leave the history (only those that came from the corrected submission); the
      // correction's values take their place below. The corrected submission itself stays in the archive.
      await tx.query('delete from historic_value where instance_id = $1', [post.corrects]);
    }
    const definitions = new Map((found?.definitions ?? []).map((d) => [d.tsId as string, d]));
    const entries = mergeEntries(post, definitions, mrId);
    const stations = new Set([...definitions.values()].map((d): string => d.staNumber));
    // the facility models only for a round that changes facilities (most name none): one round trip less
    const modelRows = entries.some((e) => e.staFacilities?.length)
      ? await tx.query<{ data: { name: string }[] }>("select data from reference_data where key = 'facilityModels'")
      : [];
    await checkStationChanges(tx, entries, new Set((modelRows[0]?.data ?? []).map((m) => m.name)), stations);
    await checkRemarkImages(tx, post, mrId);
    const required = decisionsRequired(entries);
    const state = required.userDecision1Required ? 'submitted' : 'completed';
    const points = post.entries.flatMap((entry, i): ValuePoint[] => {
      const main: ValuePoint = {
        tsId: entry.tsId,
        dt: entry.dt,
        value: entry.value ?? null,
        tsRemark: entry.tsRemark ?? null,
        staRemark: entry.staRemark ?? null,
        field: `entries.${i}.dt`,
      };
      const after = entry.valueAfter;
      return after
        ? [
            main,
            {
              tsId: entry.tsId,
              dt: after.dt,
              value: after.value,
              tsRemark: null,
              staRemark: null,
              field: `entries.${i}.valueAfter.dt`,
            },
          ]
        : [main];
    });
    const valueCount = countPostValues(post);
    const conflicts = await storeValues(tx, points, post.instanceId);
    await storeStationChanges(tx, entries, username, stations);
    const entriesJson = JSON.stringify(entries);
    await tx.query(
      `insert into submission (instance_id, mr_id, body, value_count, username, creation_time, state, entries, user_decision1_required, user_decision2_required, completion_time, mr_team, mr_remark, conflicts, entries_bytes, corrects)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $7 = 'completed' then now() end, $11, $12, $13, $14, $15)`,
      [
        post.instanceId,
        mrId,
        JSON.stringify(post),
        valueCount,
        username,
        post.creationTime,
        state,
        entriesJson,
        required.userDecision1Required,
        required.userDecision2Required,
        post.mrTeam ?? null,
        post.mrRemark ?? null,
        conflicts.length ? JSON.stringify(conflicts) : null,
        Buffer.byteLength(entriesJson),
        post.corrects ?? null,
      ],
    );
    return { instanceId: post.instanceId, valueCount, duplicate: false, ...(conflicts.length ? { conflicts } : {}) };
  });
}

/** The body of GET /measure-round: the user's rounds, filtered in SQL (a user sees only rounds they hold a role on). */
export async function roundList(db: Queryable, user: RequestUser) {
  const rows = await db.query<RoundRow>(
    'select mr_id, mr_name, mr_group from measure_round r where $1 or exists (select 1 from permission p where p.mr_id = r.mr_id and p.username = $2) order by sort, mr_name',
    [user.allRounds, user.username],
  );
  return rows.map((r) => ({
    $type: 'MeasureRound' as const,
    mrId: r.mr_id,
    mrName: r.mr_name,
    mrGroup: r.mr_group ?? undefined,
  }));
}

export const ANY_ROLE = ['OBSERVE', 'RESPONSIBLE1', 'RESPONSIBLE2'] as const;

export function measureRoundRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await roundList(db, c.get('user'))))
    .get('/:mrId', async (c) => {
      const mrId = c.req.param('mrId');
      await requireRoleOnRound(db, c.get('user'), mrId, ANY_ROLE);
      return c.json(await roundWithEntries(db, mrId, ctx.profile));
    })
    .post('/:mrId', async (c) => {
      const mrId = c.req.param('mrId');
      await requireRoleOnRound(db, c.get('user'), mrId, ANY_ROLE);
      const raw = await readJsonBody(c);
      checkStationChangeCounts(raw);
      const post = parseOr400(MeasureRoundPostSchema, raw);
      const result = await storeSubmission(db, mrId, post, c.get('user').username);
      // §7 does not show POST answers: the spec profile sends none, the full one counts, duplicate and conflicts.
      return ctx.profile === 'spec' ? c.body(null, 204) : c.json(result);
    });
}
