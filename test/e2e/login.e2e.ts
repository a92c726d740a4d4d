import { testToday } from '../support/dates';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitRound, type TestServer, watchErrors, waitForServiceWorker } from './harness';
import { signInAtProvider } from './oidc-provider';
import { loginServerAndBrowser } from './login-harness';

const today = testToday();

describe('login through an OpenID provider (keycloak-js against oidc-provider)', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser(
    'e2e-login-',
    {
      seed: async (s) => {
        await s.db.query("insert into app_user (username) values ('olga')");
        await s.db.query("insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE')");
      },
    },
    (s, b) => {
      server = s;
      browser = b;
    },
  );

  it('logs in with PKCE, then loads only the permitted round and submits as that user', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    const login = page.getByRole('button', { name: 'Anmelden' });
    await login.waitFor({ timeout: 30_000 });
    // before login the server gave nothing away
    expect(await page.getByRole('link', { name: /Quellen Kaunertal/ }).count()).toBe(0);
    await login.click();
    await signInAtProvider(page, 'olga');
    await page.getByRole('link', { name: /Quellen Kaunertal/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: /Talsperre/ }).count()).toBe(0);

    await page.getByRole('link', { name: /Quellen Kaunertal/ }).click();
    await page.getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true }).fill('6,5');
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const rows = await server.db.query<{ username: string }>('select username from submission');
    expect(rows.map((r) => r.username)).toEqual(['olga']);
    expect(errors).toEqual([]);

    // offline (so the identity provider is out of reach too), work goes on without any login
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    // the sent round opens read-only with what was sent; "Edit again" makes a correction of it, without a login
    await page.getByRole('button', { name: 'Wieder bearbeiten' }).click();
    const input = page.getByRole('textbox', { name: 'Quelle Fissladalm 3001 LF', exact: true });
    await input.fill('250');
    await expect.poll(() => input.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
    await page.reload();
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe('250');
    expect(page.url()).toContain(server.url);
    await context.close();
  });
});
