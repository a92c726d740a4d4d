import { testToday } from '../support/dates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type TestServer, watchErrors } from './harness';
import { signInAtProvider } from './oidc-provider';
import { loginServerAndBrowser } from './login-harness';
import { grantObserver } from './login-server';

const today = testToday();
const PROVIDER = '**/realms/hydro/**';

const seed = (s: TestServer) => grantObserver(s, 'olga', '2');

/** Every address the page itself (not a frame in it) was at, from now on. */
function pageAddresses(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** A session at the provider: olga logged in once, as in the morning at the office; then the phone's screen. */
async function phoneWithSession(
  browser: Browser,
  server: TestServer,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${server.url}/?date=${today}`);
  await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click({ timeout: 30_000 });
  await signInAtProvider(page, 'olga');
  await page.getByRole('link', { name: /Quellen Kaunertal/ }).waitFor({ timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  return { context, page };
}

/** The app says the user is logged in (on a phone, the "Abmelden" button is in the navbar's menu). */
async function loggedIn(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('button', { name: 'Abmelden', includeHidden: true }).count(), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

// The session check at every start of the app online: in a hidden frame, so the page the user works on stays.
describe('the session check at the start', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser('e2e-session-check-', { seed }, (s, b) => {
    server = s;
    browser = b;
  });

  it('finds the session without leaving the page, while the user types into a round', async () => {
    const { context, page } = await phoneWithSession(browser, server);
    const errors = watchErrors(page);
    const addresses = pageAddresses(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/protocol/openid-connect/auth'))
        asked.push(r.frame() === page.mainFrame() ? 'page' : 'frame');
    });
    await page.goto(`${server.url}/stations/Quellen%20Kaunertal/${today}`);
    const input = page.getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true });
    // as a user, once the field shows what is stored (until then it is read-only and takes no key)
    await expect.poll(() => input.isEditable(), { timeout: 20_000 }).toBe(true);
    await input.pressSequentially('6,5', { delay: 30 });
    await loggedIn(page);
    await expect.poll(() => input.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
    expect(await input.inputValue()).toBe('6,5');
    // the provider was asked from a frame; the page never left the app's round
    expect(asked).toEqual(['frame']);
    expect(addresses.every((url) => url.startsWith(`${server.url}/stations/`))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the app when the provider does not answer, and works on without a login', async () => {
    const { context, page } = await phoneWithSession(browser, server);
    const addresses = pageAddresses(page);
    // online, but the provider out of reach (down, or a captive network): before, the start sent the page there
    await context.route(PROVIDER, (route) => route.abort('connectionrefused'));
    const gaveUp = page.waitForEvent('console', {
      predicate: (m) => m.text().includes('identity provider not reachable'),
      timeout: 30_000,
    });
    await page.goto(`${server.url}/stations/Quellen%20Kaunertal/${today}`);
    const input = page.getByRole('textbox', { name: 'Quelle Fissladalm 3001 WT', exact: true });
    // as a user, once the field shows what is stored (until then it is read-only and takes no key)
    await expect.poll(() => input.isEditable(), { timeout: 20_000 }).toBe(true);
    await input.pressSequentially('6,4', { delay: 30 });
    await gaveUp;
    await expect.poll(() => input.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
    expect(await input.inputValue()).toBe('6,4');
    // not logged in: nothing is sent until the provider answers again, and the login stays offered
    expect(await page.getByRole('button', { name: 'Abmelden', includeHidden: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Anmelden', includeHidden: true }).count()).toBeGreaterThan(0);
    expect(addresses.every((url) => url.startsWith(`${server.url}/stations/`))).toBe(true);
    await context.close();
  });
});

// A provider set up before the app checked silently knows only the app's base as a return address.
describe('the session check with a provider that does not know the silent page', () => {
  let server: TestServer;
  let browser: Browser;
  loginServerAndBrowser('e2e-session-check-old-', { seed, silentCheckRegistered: false }, (s, b) => {
    server = s;
    browser = b;
  });

  it('checks by redirect after the silent check went unanswered, logged in on the page opened', async () => {
    const { context, page } = await phoneWithSession(browser, server);
    const warned = page.waitForEvent('console', {
      predicate: (m) => m.text().includes('silent-check-sso.html as a redirect URI'),
      timeout: 30_000,
    });
    await page.goto(`${server.url}/stations/Quellen%20Kaunertal/${today}`);
    await warned;
    await page.waitForURL(`${server.url}/stations/Quellen%20Kaunertal/${today}`, { timeout: 30_000 });
    await loggedIn(page);
    await context.close();
  });
});
