// `DISTS=<dir>[,<dir>…] npx tsx bench/login-start.ts [rate] [runs]`: a phone's start of the app online with a session
// at the identity provider (the test provider, test/e2e/oidc-provider.ts), CPU slowed `rate` times (default 4) on a
// slow 4G link (150 ms round trip, 1.6 Mbit/s down). The app and its data are on the device already (service worker,
// one login before). Per build, median of the runs: navigation start → the round list painted on the page the user
// keeps, → logged in, and how many documents the tab loaded. Builds are visited in turn, run after run, so the
// machine's noise falls on each alike. For comparing builds; nothing is asserted and it is not part of `npm run bench`.
import { startServer } from '../server/app';
import { seedPgliteFromTemplate } from '../test/support/server/pglite-template';
import { tempDir } from '../test/e2e/harness';
import { CLIENT_ID, freePort, REALM, signInAtProvider, startOidcProvider } from '../test/e2e/oidc-provider';
import { testToday } from '../test/support/dates';
import { launch, openPage } from './browser';
import { percentile } from './report';

const dists = (process.env.DISTS ?? 'dist').split(',');
const rate = Number(process.argv[2] ?? 4);
const runs = Number(process.argv[3] ?? 5);
const today = testToday();
const ROUND = /Quellen Kaunertal/;

const setups = await Promise.all(
  dists.map(async (staticDir) => {
    const dir = tempDir('bench-login-start-');
    const port = await freePort();
    const idp = await startOidcProvider(`http://localhost:${port}`);
    await seedPgliteFromTemplate(dir.path);
    const server = await startServer({
      port,
      dataDir: dir.path,
      staticDir,
      demo: true,
      identity: { url: idp.url, realm: REALM, clientId: CLIENT_ID },
    });
    await server.db.query("insert into app_user (username) values ('olga')");
    await server.db.query("insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE')");
    return { staticDir, dir, idp, server };
  }),
);
const browser = await launch();
const results = new Map(
  dists.map((d) => [d, { rounds: [] as number[], login: [] as number[], loads: [] as number[] }]),
);
try {
  const devices = [];
  for (const setup of setups) {
    // the device: the app installed and olga logged in once, at full speed on a fast link
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await openPage(context, 1);
    const home = `${setup.server.url}/?date=${today}`;
    await page.goto(home);
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click();
    await signInAtProvider(page, 'olga');
    await page.getByRole('link', { name: ROUND }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
    await page.waitForLoadState('networkidle');
    // from now on each document of the tab notes when it painted the round list and when it showed the login
    await context.addInitScript(`(() => {
      const seen = (test) => [...document.querySelectorAll(test.sel)].some(test.ok);
      const rounds = { sel: 'a', ok: (a) => /Quellen Kaunertal/.test((a.getAttribute('aria-label') || '') + a.textContent) };
      const login = { sel: 'button', ok: (b) => b.textContent.trim() === 'Abmelden' };
      const check = () => {
        const at = performance.timeOrigin + performance.now();
        if (!window.benchRounds && seen(rounds)) window.benchRounds = at;
        if (!window.benchLogin && seen(login)) window.benchLogin = at;
        if (!window.benchRounds || !window.benchLogin) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`);
    devices.push({ setup, context, page, home });
  }
  for (let r = 0; r < runs; r++) {
    for (const { setup, context, page, home } of devices) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      let loads = 0;
      const counted = () => (loads += 1);
      page.on('load', counted);
      const start = Date.now();
      await page.goto(home);
      // the page the user keeps: logged in, on the app's address again, its round list painted
      await page.waitForFunction(
        (origin) => location.origin === origin && 'benchLogin' in window && 'benchRounds' in window,
        new URL(home).origin,
        { timeout: 120_000 },
      );
      const { rounds, login } = await page.evaluate(() => {
        const w = window as unknown as { benchRounds: number; benchLogin: number };
        return { rounds: w.benchRounds, login: w.benchLogin };
      });
      const result = results.get(setup.staticDir);
      result?.rounds.push(Math.round(rounds - start));
      result?.login.push(Math.round(login - start));
      result?.loads.push(loads);
      page.off('load', counted);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  }
} finally {
  await browser.close();
  for (const { server, idp, dir } of setups) {
    await server.close();
    await idp.close();
    dir.remove();
  }
}
console.info(
  `online start with a session, CPU ${rate}×, slow 4G, median of ${runs} (ms from the click on the address)`,
);
for (const [dist, r] of results)
  console.info(
    `${dist}: rounds on the kept page ${percentile(r.rounds, 50)} ms, logged in ${percentile(r.login, 50)} ms, documents loaded ${percentile(r.loads, 50)} (rounds ${r.rounds.join(' ')}; login ${r.login.join(' ')})`,
  );
