import { startServer } from '../../server/app';
import { tempDir, type TestServer } from './harness';
import { seedPgliteFromTemplate } from '../support/server/pglite-template';
import { CLIENT_ID, freePort, REALM, startOidcProvider, type ProviderOptions } from './oidc-provider';

export interface LoginServerOptions {
  /** the build to serve (default `dist`) */
  staticDir?: string;
  faultInjection?: boolean;
  accounts?: ProviderOptions['accounts'];
  silentCheckRegistered?: ProviderOptions['silentCheckRegistered'];
  /** the app under a sub-path (`/hwe/`): the provider then knows `{origin}/hwe/` as the app's redirect */
  basePath?: string;
}

/**
 * An OpenID provider (test/e2e/oidc-provider.ts) and a demo server that trusts it, on a fresh database; `close`
 * stops both and removes the database. For the login tests (login-harness.ts) and the login start's bench.
 */
export async function startLoginServer(
  prefix: string,
  opts: LoginServerOptions = {},
): Promise<{ server: TestServer; close(): Promise<void> }> {
  const dir = tempDir(prefix);
  // the provider must know the app's origin before the server starts on that port
  const port = await freePort();
  const appUrl = `http://localhost:${port}${(opts.basePath ?? '/').replace(/\/$/, '')}`;
  const idp = await startOidcProvider(appUrl, [], {
    ...(opts.accounts ? { accounts: opts.accounts } : {}),
    ...(opts.silentCheckRegistered === undefined ? {} : { silentCheckRegistered: opts.silentCheckRegistered }),
  });
  await seedPgliteFromTemplate(dir.path);
  const server = await startServer({
    port,
    dataDir: dir.path,
    staticDir: opts.staticDir ?? 'dist',
    demo: true,
    ...(opts.faultInjection ? { faultInjection: true } : {}),
    ...(opts.basePath ? { basePath: opts.basePath } : {}),
    identity: { url: idp.url, realm: REALM, clientId: CLIENT_ID },
  });
  return {
    server,
    close: async () => {
      await server.close();
      await idp.close();
      dir.remove();
    },
  };
}

/** A user of the server who may observe (see and submit) one round. */
export async function grantObserver(server: TestServer, username: string, mrId: string): Promise<void> {
  await server.db.query('insert into app_user (username) values ($1)', [username]);
  await server.db.query("insert into permission (username, mr_id, role) values ($1, $2, 'HWE_OBSERVE')", [
    username,
    mrId,
  ]);
}
