import { canonicalJson } from '../../src/domain/canonical-json';
import { countPostValues } from '../../src/domain/submission';
import { Hono } from 'hono';
import { MeasureRoundPostSchema, type MeasureRoundEntry, type MeasureRoundPost } from '../../schemas/api';
import { decisionsRequired } from '../../src/domain/decisions';
import { requireRole } from '../auth/auth';
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

type ValueRow = readonly [
  tsId: string,
  dt: string,
  value: number | null,
  tsRemark: string | null,
  staRemark: string | null,
  field: string,
];

/**
 * Writes the values of a submission into the history. The first value stored at a series and time stays:
 * a later submission never replaces another's value there; where its value differs, the point is reported
 * as a conflict (in the answer and on the submission), and its own value stays in its archived entries.
 */
async function storeValues(tx: Queryable, rows: readonly ValueRow[], instanceId: string): Promise<HistoryConflict[]> {
  const column = <K extends 0 | 1 | 2 | 3 | 4>(k: K) => rows.map((r) => r[k]);
  const pointKey = (tsId: string, dt: Date | string) => `${tsId}|${new Date(dt).getTime()}`;
  // The insert answers the points it stored; only the points it skipped (a value already there) are read back. A
  // round's values are nearly always new, so the usual submission is one statement with no second pass over the
  // history. The read back runs after the insert, so it also sees a value a concurrent submission stored first
  // (the insert waited for it and skipped the point): a snapshot taken before the insert would miss that conflict.
  const inserted = await tx.query<{ ts_id: string; dt: Date | string }>(
    `insert into historic_value (ts_id, dt, value, ts_remark, sta_remark, instance_id)
     select t.ts_id, t.dt, t.value, t.ts_remark::jsonb, t.sta_remark::jsonb, $6::uuid
     from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::text[], $5::text[]) as t(ts_id, dt, value, ts_remark, sta_remark)
     on conflict (ts_id, dt) do nothing
     returning ts_id, dt`,
    [column(0), column(1), column(2), column(3), column(4), instanceId],
  );
  if (inserted.length === rows.length) return [];
  const stored = new Set(inserted.map((r) => pointKey(r.ts_id, r.dt)));
  const skipped = rows.filter((r) => !stored.has(pointKey(r[0], r[1])));
  const held = new Map(
    (
      await tx.query<{ ts_id: string; dt: Date | string; value: number | null; instance_id: string | null }>(
        `select h.ts_id, h.dt, h.value, h.instance_id from unnest($1::text[], $2::timestamptz[]) as t(ts_id, dt)
         join historic_value h on h.ts_id = t.ts_id and h.dt = t.dt`,
        [skipped.map((r) => r[0]), skipped.map((r) => r[1])],
      )
    ).map((r) => [pointKey(r.ts_id, r.dt), r]),
  );
  return skipped.flatMap((r): HistoryConflict[] => {
    const h = held.get(pointKey(r[0], r[1]));
    return h && h.value !== r[2]
      ? [{ field: r[5], tsId: r[0], dt: new Date(h.dt).toISOString(), value: h.value, instanceId: h.instance_id }]
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
    // second sees the first as stored instead of failing on the primary key (PostgreSQL runs them in parallel).
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [post.instanceId]);
    const [existing] = await tx.query<{
      value_count: number;
      mr_id: string;
      conflicts: HistoryConflict[] | null;
      body: unknown;
    }>('select value_count, mr_id, conflicts, body from submission where instance_id = $1', [post.instanceId]);
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
    const definitions = new Map(
      (
        await tx.query<{ definition: MeasureRoundEntry }>('select definition from round_entry where mr_id = $1', [mrId])
      ).map((r) => [r.definition.tsId as string, r.definition]),
    );
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
    const rows = post.entries.flatMap((entry, i): ValueRow[] => {
      const main: ValueRow = [
        entry.tsId,
        entry.dt,
        entry.value ?? null,
        entry.tsRemark ? JSON.stringify(entry.tsRemark) : null,
        entry.staRemark ? JSON.stringify(entry.staRemark) : null,
        `entries.${i}.dt`,
      ];
      return entry.valueAfter
        ? [main, [entry.tsId, entry.valueAfter.dt, entry.valueAfter.value, null, null, `entries.${i}.valueAfter.dt`]]
        : [main];
    });
    const valueCount = countPostValues(post);
    const conflicts = await storeValues(tx, rows, post.instanceId);
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
      // The role first: a user without one gets 403 whether the round exists or not (no existence oracle).
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      await findRound(db, mrId);
      return c.json(await roundWithEntries(db, mrId, ctx.profile));
    })
    .post('/:mrId', async (c) => {
      const mrId = c.req.param('mrId');
      await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
      await findRound(db, mrId);
      const raw = await readJsonBody(c);
      checkStationChangeCounts(raw);
      const post = parseOr400(MeasureRoundPostSchema, raw);
      const result = await storeSubmission(db, mrId, post, c.get('user').username);
      // §7 does not show POST answers: the spec profile sends none, the full one counts, duplicate and conflicts.
      return ctx.profile === 'spec' ? c.body(null, 204) : c.json(result);
    });
}
