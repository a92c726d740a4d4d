import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { startServer, type RunningServer } from '../../../server/app';
import { testDatabaseOptions } from './test-database';

const identity = { url: 'http://idp.test', realm: 'hydro', clientId: 'rounds-app' };

export interface OidcServer {
  server: RunningServer;
  /** A call to /hwe-api/v2 as the user (a real RS256 token, verified like production ones). */
  call(path: string, username: string, init?: RequestInit): Promise<Response>;
  post(path: string, username: string, body: unknown): Promise<Response>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A server with identity settings and a local key set, and the given roles per user and round, e.g.
 * ['ora', '1', 'OBSERVE']: tests act as real users of different rounds.
 */
export async function startOidcServer(
  name: string,
  roles: readonly (readonly [string, string, 'OBSERVE' | 'RESPONSIBLE1' | 'RESPONSIBLE2'])[],
): Promise<OidcServer> {
  const dir = mkdtempSync(join(tmpdir(), `server-${name}-`));
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const server = await startServer({
    port: 0,
    ...(await testDatabaseOptions(dir)),
    identity: { ...identity, jwks: createLocalJWKSet({ keys: [jwk] }) },
  });
  for (const [user, mrId, role] of roles) {
    await server.db.query('insert into app_user (username) values ($1) on conflict do nothing', [user]);
    await server.db.query('insert into permission (username, mr_id, role) values ($1, $2, $3)', [
      user,
      mrId,
      `HWE_${role}`,
    ]);
  }
  const sign = (username: string) =>
    new SignJWT({ preferred_username: username, typ: 'Bearer' })
      // as Keycloak issues access tokens (the server checks both typ values)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setIssuer(`${identity.url}/realms/${identity.realm}`)
      .setAudience(identity.clientId)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
  const call = async (path: string, username: string, init: RequestInit = {}) =>
    fetch(`${server.url}/hwe-api/v2${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${await sign(username)}`,
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  return {
    server,
    call,
    post: (path, username, body) => call(path, username, { method: 'POST', body: JSON.stringify(body) }),
    count: async (table) =>
      (await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
