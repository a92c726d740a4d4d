import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type TestServer } from './harness';
import { startLoginServer, type LoginServerOptions } from './login-server';

/**
 * For a test file of real logins: an OpenID provider (test/e2e/oidc-provider.ts), a server that trusts it and
 * one browser, started once and cleaned up after. `seed` adds the users and roles the file's tests need;
 * `started` hands the server and the browser to the file.
 */
export function loginServerAndBrowser(
  prefix: string,
  opts: LoginServerOptions & { seed(server: TestServer): Promise<void> },
  started: (server: TestServer, browser: Browser) => void,
): void {
  let login: Awaited<ReturnType<typeof startLoginServer>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    login = await startLoginServer(prefix, opts);
    await opts.seed(login.server);
    browser = await launchBrowser();
    started(login.server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await login?.close();
  });
}
