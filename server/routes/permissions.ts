import { Hono } from 'hono';
import { PermissionDataSchema } from '../../schemas/api';
import { permissionsToSave } from '../../src/domain/permissions';
import { requireAdmin, ROLE_SUFFIXES, roleName } from '../auth/auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { readJsonBody } from '../http/body';
import type { AppEnv } from '../http/app-env';
import { HttpError, parseOr400 } from '../http/errors';
import { etagMatches, etagOf } from '../http/etag';

/** Serialises permission saves of every instance on one database, so an If-Match check and its write are one step. */
const PERMISSION_SAVE_LOCK = 7_271_002;

async function permissionData(db: Queryable, product: string) {
  const users = (await db.query<{ username: string }>('select username from app_user order by username')).map(
    (r) => r.username,
  );
  const rows = await db.query<{ username: string; mr_id: string; mr_name: string; role: string }>(
    'select p.username, p.mr_id, r.mr_name, p.role from permission p join measure_round r on r.mr_id = p.mr_id order by p.username, r.sort, p.role',
  );
  return {
    roles: ROLE_SUFFIXES.map((s) => roleName(product, s)),
    users,
    permissions: rows.map((r) => ({ username: r.username, mrId: r.mr_id, mrName: r.mr_name, role: r.role })),
  };
}

/**
 * GET/POST /admin/permissions: the matrix of users × rounds × roles; admins only. POST replaces the set.
 * Optimistic concurrency: GET sends an ETag of the matrix; a POST with `If-Match` is refused with 409 when
 * the matrix changed since (a second admin saved meanwhile), so no one overwrites changes they never saw.
 * A POST without If-Match saves as before (clients of vendor servers, scripts).
 */
export function permissionRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      requireAdmin(c.get('user'));
      const data = await permissionData(db, await ctx.product());
      c.header('ETag', etagOf(data));
      return c.json(data);
    })
    .post('/', async (c) => {
      requireAdmin(c.get('user'));
      const ifMatch = c.req.header('If-Match');
      const input = parseOr400(PermissionDataSchema, await readJsonBody(c));
      const product = await ctx.product();
      const roles = new Set(ROLE_SUFFIXES.map((s) => roleName(product, s)));
      const rounds = new Set(
        (await db.query<{ mr_id: string }>('select mr_id from measure_round')).map((r) => r.mr_id),
      );
      const toSave = permissionsToSave(input.permissions);
      toSave.forEach((p, i) => {
        if (!roles.has(p.role))
          throw new HttpError(400, `permissions.${i}.role: unknown role ${p.role}`, `permissions.${i}.role`);
        if (!rounds.has(p.mrId))
          throw new HttpError(400, `permissions.${i}.mrId: unknown measure round ${p.mrId}`, `permissions.${i}.mrId`);
      });
      const users = new Set([...input.users, ...toSave.map((p) => p.username)]);
      const etag = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [PERMISSION_SAVE_LOCK]);
        if (ifMatch !== undefined && !etagMatches(ifMatch, etagOf(await permissionData(tx, product)))) {
          throw new HttpError(
            409,
            'If-Match: the permissions were changed by someone else since they were loaded; load them again',
            'If-Match',
          );
        }
        await tx.query('delete from permission');
        for (const u of users)
          await tx.query('insert into app_user (username) values ($1) on conflict do nothing', [u]);
        for (const p of toSave)
          await tx.query('insert into permission (username, mr_id, role) values ($1, $2, $3) on conflict do nothing', [
            p.username,
            p.mrId,
            p.role,
          ]);
        return etagOf(await permissionData(tx, product));
      });
      c.header('ETag', etag);
      return ctx.profile === 'spec' ? c.body(null, 204) : c.json({ saved: toSave.length });
    });
}
