import { Hono } from 'hono';
import { rolesByRound } from '../auth/auth';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';

export async function referenceData(db: Database, key: string): Promise<unknown> {
  const [row] = await db.query<{ data: unknown }>('select data from reference_data where key = $1', [key]);
  if (!row) throw new HttpError(404, `${key} not configured`);
  return row.data;
}

/** GET /config (no-cache, §7) and GET /info. */
export function referenceRoutes(db: Database, version: string, identity?: { url: string; realm: string; clientId: string }, product: () => Promise<string> = async () => 'HWE') {
  return new Hono<AppEnv>()
    .get('/config', async (c) => {
      c.header('Cache-Control', 'no-cache');
      const config = (await referenceData(db, 'config')) as object;
      return c.json(identity ? { ...config, keycloak: { url: identity.url, realm: identity.realm, clientId: identity.clientId } } : config);
    })
    .get('/info', async (c) => {
      const user = c.get('user');
      const roles = await rolesByRound(db, user, await product());
      return c.json({ version, apiVersion: 'v2', name: 'hydro-rounds reference server', copyright: '© hydro-rounds', revision: version, isAdmin: user.isAdmin, username: user.username, serverType: 'reference', roles });
    })
    .get('/discharge-meters', async (c) => c.json(await referenceData(db, 'dischargeMeters')))
    .get('/station-facilities/models', async (c) => c.json(await referenceData(db, 'facilityModels')));
}
