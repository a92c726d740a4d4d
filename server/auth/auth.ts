import type { MiddlewareHandler } from 'hono';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Queryable } from '../db/database';
import type { AppEnv, RequestUser } from '../http/app-env';
import { HttpError } from '../http/errors';
import { cachedRemoteKeySet, type KeySetTiming } from './jwks';

/** §6 roles per measure round; the product prefix comes from the config (default HWE). */
export const ROLE_SUFFIXES = ['OBSERVE', 'RESPONSIBLE1', 'RESPONSIBLE2'] as const;
export type RoleSuffix = (typeof ROLE_SUFFIXES)[number];
export const roleName = (product: string, suffix: RoleSuffix) => `${product}_${suffix}`;

/** The realm role that makes a user an administrator (docs/server.md). */
export const ADMIN_REALM_ROLE = 'hwe-admin';

export interface IdentitySettings {
  url: string;
  realm: string;
  clientId: string;
  /** for tests: the key set to verify with instead of the realm's JWKS endpoint */
  jwks?: JWTVerifyGetKey;
  /** for tests: how the realm's keys are fetched and cached (defaults in auth/jwks.ts) */
  jwksTiming?: KeySetTiming;
}

/**
 * Without identity settings every request acts as the documented local admin user `demo`, so the demo
 * runs with no setup; with them, a bearer token is required and verified against the realm's JWKS
 * (signature, issuer, audience, expiry).
 */
export const LOCAL_USER: RequestUser = { username: 'demo', isAdmin: true, allRounds: true };

/**
 * Header `typ` values of an access token: Keycloak writes `JWT`, RFC 9068 providers `at+jwt`
 * (`application/` prefix allowed). The payload `typ` is Keycloak's token kind: only `Bearer` is an access
 * token; `ID`, `Refresh` and `Logout` tokens are signed by the same key and must not open the API.
 */
const HEADER_TYPES = new Set(['jwt', 'at+jwt']);
const PAYLOAD_TYPES = new Set(['bearer']);
const BEARER = /^bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

export interface Authenticator {
  middleware: MiddlewareHandler<AppEnv>;
  /** JWKS requests made so far (0 when no remote key set is used) */
  readonly jwksFetches: number;
  /** fetches the keys once at start so the first request does not wait */
  warmUp(): Promise<void>;
}

/** Subjects already bound to a username; a bound pair never changes, so it is kept (bounded). */
const MAX_BOUND_KEPT = 10_000;

/**
 * The username a token's subject acts as. The first login with a name binds it to the subject; from then
 * on the subject keeps that name whatever `preferred_username` says (a renamed account keeps its
 * permissions), and a different account presenting a bound name is refused: names are mutable and may be
 * reused at the identity provider, subjects are not. A name no admin has granted anything stays unbound.
 */
async function subjectUsername(
  db: Queryable,
  bound: Map<string, string>,
  subject: string,
  name: string,
): Promise<string> {
  const kept = bound.get(subject);
  if (kept !== undefined) return kept;
  const [known] = await db.query<{ username: string }>('select username from app_user where subject = $1', [subject]);
  let username = known?.username;
  if (username === undefined) {
    const [claimed] = await db.query<{ username: string }>(
      'update app_user set subject = $1 where username = $2 and subject is null returning username',
      [subject, name],
    );
    username = claimed?.username;
    if (username === undefined) {
      const [other] = await db.query<{ subject: string | null }>('select subject from app_user where username = $1', [
        name,
      ]);
      if (other?.subject)
        throw new HttpError(403, `${name}: this user name belongs to another account of the identity provider`);
      return name;
    }
  }
  if (bound.size >= MAX_BOUND_KEPT) bound.clear();
  bound.set(subject, username);
  return username;
}

/** Built once per server: the key set and its cache live as long as the server. */
export function createAuthenticator(identity: IdentitySettings | undefined, db: Queryable): Authenticator {
  if (!identity) {
    return {
      middleware: async (c, next) => {
        c.set('user', LOCAL_USER);
        await next();
      },
      jwksFetches: 0,
      warmUp: async () => {},
    };
  }
  const issuer = `${identity.url.replace(/\/$/, '')}/realms/${identity.realm}`;
  const remote = identity.jwks
    ? undefined
    : cachedRemoteKeySet(new URL(`${issuer}/protocol/openid-connect/certs`), identity.jwksTiming);
  const getKey = identity.jwks ?? remote?.getKey;
  if (!getKey) throw new Error('no key set');
  const bound = new Map<string, string>();
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token) throw new HttpError(401, 'Authorization: a bearer token is required', 'Authorization');
    let verified;
    try {
      verified = await jwtVerify(token, getKey, { issuer, audience: identity.clientId, requiredClaims: ['exp'] });
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw new HttpError(401, `Authorization: ${e instanceof Error ? e.message : 'invalid token'}`, 'Authorization');
    }
    const { payload, protectedHeader } = verified;
    const headerTyp = (protectedHeader.typ ?? '').toLowerCase().replace(/^application\//, '');
    if (!HEADER_TYPES.has(headerTyp))
      throw new HttpError(
        401,
        `Authorization: token type "${protectedHeader.typ ?? ''}" is not an access token (JWT or at+jwt)`,
        'Authorization',
      );
    if (
      payload.typ !== undefined &&
      !(typeof payload.typ === 'string' && PAYLOAD_TYPES.has(payload.typ.toLowerCase()))
    ) {
      throw new HttpError(401, `Authorization: a ${String(payload.typ)} token is not an access token`, 'Authorization');
    }
    const name = typeof payload.preferred_username === 'string' ? payload.preferred_username : payload.sub;
    if (!name) throw new HttpError(401, 'Authorization: the token names no user', 'Authorization');
    const username = payload.sub ? await subjectUsername(db, bound, payload.sub, name) : name;
    const realmRoles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
    const isAdmin = Array.isArray(realmRoles) && realmRoles.includes(ADMIN_REALM_ROLE);
    c.set('user', { username, isAdmin, allRounds: false });
    await next();
  };
  return {
    middleware,
    get jwksFetches() {
      return remote?.fetches ?? 0;
    },
    warmUp: () => remote?.warmUp() ?? Promise.resolve(),
  };
}

/** The roles a user holds on a round; the local demo user holds all of them. */
export async function rolesOn(db: Queryable, user: RequestUser, product: string, mrId: string): Promise<Set<string>> {
  if (user.allRounds) return new Set(ROLE_SUFFIXES.map((s) => roleName(product, s)));
  const rows = await db.query<{ role: string }>('select role from permission where username = $1 and mr_id = $2', [
    user.username,
    mrId,
  ]);
  return new Set(rows.map((r) => r.role));
}

/**
 * Every role the user holds, per measure round, for GET /info: the client shows a decision form only to
 * a user the server will accept it from (the local demo user holds every role on every round).
 */
export async function rolesByRound(
  db: Queryable,
  user: RequestUser,
  product: string,
): Promise<Record<string, string[]>> {
  if (user.allRounds) {
    const all = ROLE_SUFFIXES.map((s) => roleName(product, s));
    return Object.fromEntries(
      (await db.query<{ mr_id: string }>('select mr_id from measure_round order by mr_id')).map((r) => [r.mr_id, all]),
    );
  }
  const rows = await db.query<{ mr_id: string; role: string }>(
    'select mr_id, role from permission where username = $1 order by mr_id, role',
    [user.username],
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.mr_id] ??= []).push(r.role);
  return out;
}

/** Round ids the user may see at all (any role). */
export async function visibleRounds(db: Queryable, user: RequestUser): Promise<Set<string> | 'all'> {
  if (user.allRounds) return 'all';
  const rows = await db.query<{ mr_id: string }>('select distinct mr_id from permission where username = $1', [
    user.username,
  ]);
  return new Set(rows.map((r) => r.mr_id));
}

/** The role prefix when the config names no product. */
export const DEFAULT_PRODUCT = 'HWE';

function refuseUnlessHeld(
  held: ReadonlySet<string>,
  user: RequestUser,
  product: string,
  mrId: string,
  suffixes: readonly RoleSuffix[],
): void {
  if (!suffixes.some((s) => held.has(roleName(product, s))))
    throw new HttpError(
      403,
      `${user.username} may not do this on measure round ${mrId} (needs ${suffixes.map((s) => roleName(product, s)).join(' or ')})`,
    );
}

/** 403 unless the user holds one of the roles on the round. */
export async function requireRole(
  db: Queryable,
  user: RequestUser,
  product: string,
  mrId: string,
  suffixes: readonly RoleSuffix[],
): Promise<void> {
  refuseUnlessHeld(await rolesOn(db, user, product, mrId), user, product, mrId, suffixes);
}

/**
 * requireRole, then 404 for a round that does not exist, in one round trip (the product prefix, the user's roles
 * on the round and whether it exists): what every read and submission of a round asks first. The role comes
 * first, so a user without one gets 403 whether the round exists or not (no existence oracle).
 */
export async function requireRoleOnRound(
  db: Queryable,
  user: RequestUser,
  mrId: string,
  suffixes: readonly RoleSuffix[],
): Promise<void> {
  const [row] = await db.query<{ product: string | null; found: boolean; roles: string[] }>(
    `select (select data->>'product' from reference_data where key = 'config') as product,
            exists (select 1 from measure_round where mr_id = $1) as found,
            array(select role from permission where username = $2 and mr_id = $1) as roles`,
    [mrId, user.username],
  );
  const product = row?.product ?? DEFAULT_PRODUCT;
  const held = user.allRounds ? new Set(ROLE_SUFFIXES.map((s) => roleName(product, s))) : new Set(row?.roles ?? []);
  refuseUnlessHeld(held, user, product, mrId, suffixes);
  if (!row?.found) throw new HttpError(404, `measure round ${mrId} not found`);
}

export function requireAdmin(user: RequestUser): void {
  if (!user.isAdmin) throw new HttpError(403, `${user.username} is not an administrator`);
}
