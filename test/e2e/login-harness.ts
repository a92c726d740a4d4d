import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '../../server/app';
import { launchBrowser, tempDir, type TestServer } from './harness';
import { seedPgliteFromTemplate } from '../support/server/pglite-template';
import { CLIENT_ID, freePort, REALM, startOidcProvider, type ProviderOptions } from './oidc-provider';

/**
 * For a test file of real logins: an OpenID provider (test/e2e/oidc-provider.ts), a server that trusts it and
 * one browser, started once and cleaned up after. `seed` adds the users and roles the file's tests need;
 * `started` hands the server and the browser to the file.
 */
export function loginServerAndBrowser(
  prefix: string,
  opts: {
    seed(server: TestServer): Promise<void>;
    faultInjection?: boolean;
    accounts?: ProviderOptions['accounts'];
    silentCheckRegistered?: ProviderOptions['silentCheckRegistered'];
    /** the app under a sub-path (`/hwe/`): the provider then knows `{origin}/hwe/` as the app's redirect */
    basePath?: string;
  },
  started: (server: TestServer, browser: Browser) => void,
): void {
  const dir = tempDir(prefix);
  let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // the provider must know the app's origin before the server starts on that port
    const port = await freePort();
    const appUrl = `http://localhost:${port}${(opts.basePath ?? '/').replace(/\/$/, '')}`;
    idp = await startOidcProvider(appUrl, [], {
      ...(opts.accounts ? { accounts: opts.accounts } : {}),
      ...(opts.silentCheckRegistered === undefined ? {} : { silentCheckRegistered: opts.silentCheckRegistered }),
    });
    await seedPgliteFromTemplate(dir.path);
    server = await startServer({
      port,
      dataDir: dir.path,
      staticDir: 'dist',
      demo: true,
      ...(opts.faultInjection ? { faultInjection: true } : {}),
      ...(opts.basePath ? { basePath: opts.basePath } : {}),
      identity: { url: idp.url, realm: REALM, clientId: CLIENT_ID },
    });
    await opts.seed(server);
    browser = await launchBrowser();
    started(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
    dir.remove();
  });
}
