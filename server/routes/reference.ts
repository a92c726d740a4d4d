import { Hono } from 'hono';
import { rolesByRound } from '../auth/auth';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../http/errors';
import type { AppEnv, RequestUser } from '../http/app-env';
import { CONFIG_EXTENSION_FIELDS, EXTENSIONS, forProfile, type ApiProfile } from '../extensions';

export async function referenceData(db: Queryable, key: string, fallback?: unknown): Promise<unknown> {
  const [row] = await db.query<{ data: unknown }>('select data from reference_data where key = $1', [key]);
  if (row) return row.data;
  if (fallback !== undefined) return fallback;
  throw new HttpError(404, `${key} not configured`);
}

/**
 * The configuration of a fresh install (no demo, nothing imported yet): §3 defaults, so the app starts and
 * can tell the administrator where to import the network, instead of failing on a 404 (docs/operator.md).
 */
export const FRESH_INSTALL_CONFIG = {
  product: 'HWE',
  locale: 'de',
  mode: 1,
  defaultTime: '12:00',
  mez: false,
  stationTitle: '{siteName} {staName} ({staNumber})',
  serverType: 'reference',
} as const;

export type IdentityConfig = { url: string; realm: string; clientId: string };

/** The body of GET /config: the stored config plus the identity provider the server verifies against. */
export async function configBody(
  db: Queryable,
  identity?: IdentityConfig,
  profile: ApiProfile = 'full',
): Promise<object> {
  const config = forProfile(
    profile,
    (await referenceData(db, 'config', FRESH_INSTALL_CONFIG)) as object,
    CONFIG_EXTENSION_FIELDS,
  );
  return identity
    ? { ...config, keycloak: { url: identity.url, realm: identity.realm, clientId: identity.clientId } }
    : config;
}

/** The body of GET /info for the user. */
export async function serverInfoBody(
  db: Queryable,
  user: RequestUser,
  version: string,
  product: string,
  profile: ApiProfile = 'full',
): Promise<object> {
  const spec = {
    version,
    apiVersion: 'v2',
    name: 'hydro-rounds reference server',
    copyright: '© hydro-rounds',
    revision: version,
    isAdmin: user.isAdmin,
    username: user.username,
  };
  if (profile === 'spec') return spec;
  // the fields of INFO_EXTENSION_FIELDS (server/extensions.ts)
  return { ...spec, serverType: 'reference', roles: await rolesByRound(db, user, product), extensions: EXTENSIONS };
}

/** GET /config (no-cache, §7) and GET /info. */
export function referenceRoutes(
  db: Database,
  version: string,
  identity?: IdentityConfig,
  product: () => Promise<string> = async () => 'HWE',
  profile: ApiProfile = 'full',
) {
  return new Hono<AppEnv>()
    .get('/config', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await configBody(db, identity, profile));
    })
    .get('/info', async (c) => c.json(await serverInfoBody(db, c.get('user'), version, await product(), profile)))
    .get('/discharge-meters', async (c) => c.json(await referenceData(db, 'dischargeMeters', [])))
    .get('/station-facilities/models', async (c) => c.json(await referenceData(db, 'facilityModels', [])));
}
