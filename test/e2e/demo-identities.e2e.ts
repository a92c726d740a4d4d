import { testToday } from '../support/dates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES, seedDemoIdentities } from '../../server/db/demo-identities';
import { type TestServer, watchErrors } from './harness';
import { loginServerAndBrowser } from './login-harness';

const today = testToday();

/** Logs in through the realm's password page, as a user of `npm run start:identity` does. */
async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Anmelden' }).first().click({ timeout: 30_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('demo identities (npm run start:identity)', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser(
    'e2e-identities-',
    {
      accounts: DEMO_IDENTITIES,
      seed: async (s) => {
        await seedDemoIdentities(s.db, 'HWE');
      },
    },
    (s, b) => {
      server = s;
      browser = b;
    },
  );

  it('the observer logs in with the password and sees only the permitted rounds; a wrong password is refused', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // logged out, g a does not open the archive (§9: the navbar does not offer it either)
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('button', { name: 'Anmelden' }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    // §2 needsAuth: a page that needs a login sends a logged-out user to the login page, and back after it
    const table = `/stations/${encodeURIComponent('Quellen Kaunertal')}/${today}`;
    await page.goto(`${server.url}${table}`);
    await page.getByLabel('Username').waitFor({ timeout: 30_000 });
    await page.getByLabel('Username').fill('beobachter');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    await page.getByLabel('Password').fill('beobachter');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(table);
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: /Quellen Kaunertal/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: /Meteo Kaunertal/ }).waitFor();
    expect(await page.getByRole('link', { name: /Talsperre/ }).count()).toBe(0);
    // no admin: no permissions link, and the server refuses the matrix
    expect(await page.getByRole('link', { name: 'Berechtigungen' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin grants the observer the dam round in the matrix; the observer then sees it', async () => {
    const admin = await browser.newContext({ locale: 'de-DE' });
    const page = await admin.newPage();
    await page.goto(`${server.url}/?date=${today}`);
    await logIn(page, 'admin', 'admin');
    await page.getByRole('link', { name: 'Berechtigungen' }).click({ timeout: 30_000 });
    await page
      .getByRole('checkbox', {
        name: 'beobachter Talsperre Gepatsch Kontrollgang Beobachtung (erfasst Messwerte)',
        exact: true,
      })
      .check({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
    await page.getByTestId('permissions-saved').waitFor();
    await admin.close();

    const observer = await browser.newContext({ locale: 'de-DE' });
    const obs = await observer.newPage();
    await obs.goto(`${server.url}/?date=${today}`);
    await logIn(obs, 'beobachter', 'beobachter');
    await obs.getByRole('link', { name: /Talsperre Gepatsch Kontrollgang/ }).waitFor({ timeout: 30_000 });
    await observer.close();
  });
});
