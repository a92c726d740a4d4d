// A phone's start of the app online with a session at the identity provider (the login tests' provider,
// test/e2e/oidc-provider.ts), on a slow 4G link (150 ms round trip, 1.6 Mbit/s down). The app and its data are on
// the device already (service worker, one login before). From the address entered: the round list painted on the
// page the user keeps, and logged in; with the documents the tab loaded (a session check by redirect loaded two).
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../server/app';
import { grantObserver, startLoginServer } from '../test/e2e/login-server';
import { signInAtProvider } from '../test/e2e/oidc-provider';
import { testToday } from '../test/support/dates';
import { openPage } from './browser';
import { record, type Profile } from './report';

/** What one start took, in ms from the address entered, and how many documents the tab loaded. */
export interface LoginStart {
  rounds: number;
  login: number;
  documents: number;
}

const ROUND = /Quellen Kaunertal/;

// each document of the tab notes when it painted the round list and when it showed the login
const PROBE = `(() => {
  const seen = (sel, ok) => [...document.querySelectorAll(sel)].some(ok);
  const check = () => {
    const at = performance.timeOrigin + performance.now();
    if (!window.benchRounds && seen('a', (a) => /Quellen Kaunertal/.test((a.getAttribute('aria-label') || '') + a.textContent))) window.benchRounds = at;
    if (!window.benchLogin && seen('button', (b) => b.textContent.trim() === 'Abmelden')) window.benchLogin = at;
    if (!window.benchRounds || !window.benchLogin) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** The demo server of one build with the provider it trusts, and olga, who may see one round. */
export async function startLoginSetup(staticDir: string): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const setup = await startLoginServer('bench-login-start-', { staticDir });
  await grantObserver(setup.server, 'olga', '2');
  return setup;
}

/**
 * A device of `server`'s app: installed and olga logged in once, at full speed on a fast link. `start(rate)` then
 * starts the app again as a phone would, CPU slowed `rate` times, and answers what it took.
 */
export async function loginDevice(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await openPage(context, 1);
  const home = `${server.url}/?date=${testToday()}`;
  await page.goto(home);
  await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click();
  await signInAtProvider(page, 'olga');
  await page.getByRole('link', { name: ROUND }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
  await page.waitForLoadState('networkidle');
  await context.addInitScript(PROBE);
  return {
    close: () => context.close(),
    async start(rate: number): Promise<LoginStart> {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      let documents = 0;
      const loaded = () => (documents += 1);
      page.on('load', loaded);
      try {
        const started = Date.now();
        await page.goto(home);
        // the page the user keeps: on the app's address again, logged in, its round list painted
        await page.waitForFunction(
          (origin) => location.origin === origin && 'benchLogin' in window && 'benchRounds' in window,
          new URL(home).origin,
          { timeout: 120_000 },
        );
        const at = await page.evaluate(() => {
          const w = window as unknown as { benchRounds: number; benchLogin: number };
          return { rounds: w.benchRounds, login: w.benchLogin };
        });
        return { rounds: Math.round(at.rounds - started), login: Math.round(at.login - started), documents };
      } finally {
        page.off('load', loaded);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        await cdp.detach();
      }
    },
  };
}

/** The area of `npm run bench`: the current build, `runs` starts per profile. */
export async function loginStart(
  browser: Browser,
  profiles: readonly { profile: Profile; rate: number }[],
  runs: number,
): Promise<void> {
  const setup = await startLoginSetup('dist');
  try {
    const device = await loginDevice(browser, setup.server);
    for (const { profile, rate } of profiles) {
      const starts: LoginStart[] = [];
      for (let r = 0; r < runs; r++) starts.push(await device.start(rate));
      const note = 'app installed, a session at the provider; slow 4G (150 ms, 1.6 Mbit/s)';
      record(
        'login start: address → round list on the page kept',
        profile,
        starts.map((s) => s.rounds),
        'ms',
        undefined,
        { note },
      );
      record(
        'login start: address → logged in',
        profile,
        starts.map((s) => s.login),
        'ms',
        undefined,
        { note },
      );
      record(
        'login start: documents the tab loaded',
        profile,
        starts.map((s) => s.documents),
        'documents',
        1,
        { note: 'a session check by redirect loads the app twice' },
      );
    }
    await device.close();
  } finally {
    await setup.close();
  }
}
