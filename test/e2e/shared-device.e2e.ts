import { testDaysAgo, testToday } from '../support/dates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitRound, type TestServer, watchErrors } from './harness';
import { signInAtProvider } from './oidc-provider';
import { loginServerAndBrowser } from './login-harness';

const today = testToday();
const yesterday = testDaysAgo(1);

/** How many documents a collection holds on this device (support panel). */
async function stored(page: Page, server: TestServer, collection: string): Promise<number> {
  if (!page.url().endsWith('/about')) await page.goto(`${server.url}/about`);
  const cell = page.getByTestId(`count-${collection}`);
  // The count is taken from the read that showed a number. A second read could meet the page loaded again: the
  // session check (check-sso) goes to the provider and back, and the new page shows "…" until it has counted.
  let text: string | null = null;
  await expect.poll(async () => (text = await cell.textContent()), { timeout: 20_000 }).toMatch(/^\d+$/);
  return Number(text);
}

// Shared devices: an office PC or a team tablet, one browser profile, several users one after another.
describe('two users on one browser profile', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser(
    'e2e-shared-device-',
    {
      seed: async (s) => {
        await s.db.query("insert into app_user (username) values ('olga'), ('ugo')");
        await s.db.query(
          "insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE'), ('ugo', '3', 'HWE_OBSERVE')",
        );
        // every unsent round counts as waiting too long: the durability warning shows at once
        await s.db.query(
          `update reference_data set data = data || '{"unsentWarningDays":-1}'::jsonb where key = 'config'`,
        );
      },
    },
    (s, b) => {
      server = s;
      browser = b;
    },
  );

  it('after olga logs out, ugo sees neither her archive, her history nor her rounds, and her unsent round only counted', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click({ timeout: 30_000 });
    await signInAtProvider(page, 'olga');
    const olgasRound = page.getByRole('link', { name: /Quellen Kaunertal/ });
    await olgasRound.waitFor({ timeout: 30_000 });
    await olgasRound.click();
    await page
      .getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true })
      .pressSequentially('6,5', { delay: 30 });
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Archiv' }).click();
    await page
      .getByRole('row', { name: /Quellen Kaunertal/ })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await stored(page, server, 'historicValues')).toBeGreaterThan(0);
    expect(await stored(page, server, 'completedRounds')).toBeGreaterThan(0);

    // olga starts yesterday's round and leaves it unsent: the durability warning names it, for her
    await page.goto(`${server.url}/?date=${yesterday}`);
    await page.getByRole('link', { name: /Quellen Kaunertal/ }).click({ timeout: 30_000 });
    await page
      .getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true })
      .pressSequentially('6,4', { delay: 30 });
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    const warning = page.getByTestId('durability-warning');
    await expect.poll(() => warning.textContent(), { timeout: 20_000 }).toContain('Quellen Kaunertal');
    expect(await page.getByTestId('others-unsent').count()).toBe(0);

    // olga logs out: what was pulled for her is gone before the provider is even asked
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).waitFor({ timeout: 30_000 });
    // the test provider keeps its own session after the app's logout; a shared device's next user signs in afresh
    await context.clearCookies();
    await expect.poll(() => page.getByRole('link', { name: /Quellen Kaunertal/ }).count(), { timeout: 20_000 }).toBe(0);
    for (const collection of ['completedRounds', 'historicValues', 'rounds'])
      await expect.poll(() => stored(page, server, collection), { timeout: 20_000 }).toBe(0);
    await page.goto(`${server.url}/archive`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('row', { name: /Quellen Kaunertal/ }).count()).toBe(0);
    // the archive needs a login: once the provider said there is no session, the app goes to its login page
    // (on a loaded machine that may come after the check above, and would cut off the next page load)
    await page.waitForURL((url) => !url.toString().startsWith(server.url), { timeout: 30_000 });

    // ugo logs in on the same profile: his round only, no archive of olga's
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click({ timeout: 30_000 });
    await signInAtProvider(page, 'ugo');
    await page.getByRole('link', { name: /Meteo Kaunertal/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: /Quellen Kaunertal/ }).count()).toBe(0);
    await page.goto(`${server.url}/archive`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByRole('row', { name: /Quellen Kaunertal/ }).count()).toBe(0);
    expect(await stored(page, server, 'completedRounds')).toBe(0);
    expect(await stored(page, server, 'rounds')).toBe(1);
    // olga's unsent round is counted for ugo, never named
    await page.goto(`${server.url}/?date=${today}`);
    const others = page.getByTestId('others-unsent');
    await others.waitFor({ timeout: 20_000 });
    expect(await others.textContent()).toBe(
      '1 Runde eines anderen Benutzers auf diesem Gerät wartet auf dessen Anmeldung.',
    );
    expect(await page.getByTestId('durability-warning').textContent()).not.toContain('Quellen Kaunertal');
    expect(errors).toEqual([]);
    await context.close();
  });
});
