import { Hono } from 'hono';
import { rolesByRound } from '../auth/auth';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../http/errors';
import type { AppEnv, RequestUser } from '../http/env';

export async function referenceData(db: Queryable, key: string): Promise<unknown> {
  const [row] = await db.query<{ data: unknown }>('select data from reference_data where key = $1', [key]);
  if (!row) throw new HttpError(404, `${key} not configured`);
  return row.data;
}

export type IdentityConfig = { url: string; realm: string; clientId: string };

/** The body of GET /config: the stored config plus the identity provider the server verifies against. */
export async function configBody(db: Queryable, identity?: IdentityConfig): Promise<object> {
  const config = (await referenceData(db, 'config')) as object;
  return identity ? { ...config, keycloak: { url: identity.url, realm: identity.realm, clientId: identity.clientId } } : config;
}

/**
 * Extensions of this server beyond the spec, by name, so a client uses them only here (other extensions add
 * their names to this list): 'corrections' = a POST may name the submission it corrects (`corrects`).
 */
export const SERVER_EXTENSIONS: readonly string[] = ['corrections'];

/** The body of GET /info for the user. */
export async function serverInfoBody(db: Queryable, user: RequestUser, version: string, product: string): Promise<object> {
  const roles = await rolesByRound(db, user, product);
  return { version, apiVersion: 'v2', name: 'hydro-rounds reference server', copyright: '© hydro-rounds', revision: version, isAdmin: user.isAdmin, username: user.username, serverType: 'reference', roles, extensions: SERVER_EXTENSIONS };
}

/** GET /config (no-cache, §7) and GET /info. */
export function referenceRoutes(db: Database, version: string, identity?: IdentityConfig, product: () => Promise<string> = async () => 'HWE') {
  return new Hono<AppEnv>()
    .get('/config', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await configBody(db, identity));
    })
    .get('/info', async (c) => c.json(await serverInfoBody(db, c.get('user'), version, await product())))
    .get('/discharge-meters', async (c) => c.json(await referenceData(db, 'dischargeMeters')))
    .get('/station-facilities/models', async (c) => c.json(await referenceData(db, 'facilityModels')));
}
