// `DISTS=<dir>[,<dir>…] npx tsx bench/login-start.ts [rate] [runs]`: the login start of `npm run bench`
// (area-login-start.ts) for several builds, visited in turn, run after run, so the machine's noise falls on each
// alike; CPU slowed `rate` times (default 4). Medians per build. For comparing builds; nothing is asserted.
import { launch } from './browser';
import { loginDevice, startLoginSetup, type LoginStart } from './area-login-start';
import { percentile } from './report';

const dists = (process.env.DISTS ?? 'dist').split(',');
const rate = Number(process.argv[2] ?? 4);
const runs = Number(process.argv[3] ?? 5);

const setups = await Promise.all(dists.map(async (dist) => ({ dist, ...(await startLoginSetup(dist)) })));
const browser = await launch();
const results = new Map<string, LoginStart[]>(dists.map((d) => [d, []]));
try {
  const devices = [];
  for (const setup of setups) devices.push({ dist: setup.dist, device: await loginDevice(browser, setup.server) });
  for (let r = 0; r < runs; r++)
    for (const { dist, device } of devices) results.get(dist)?.push(await device.start(rate));
} finally {
  await browser.close();
  for (const setup of setups) await setup.close();
}
console.info(`online start with a session, CPU ${rate}×, slow 4G, median of ${runs} (ms from the address entered)`);
for (const [dist, starts] of results) {
  const median = (key: keyof LoginStart) =>
    percentile(
      starts.map((s) => s[key]),
      50,
    );
  console.info(
    `${dist}: round list on the page kept ${median('rounds')} ms, logged in ${median('login')} ms, documents ${median('documents')} (rounds ${starts.map((s) => s.rounds).join(' ')}; login ${starts.map((s) => s.login).join(' ')})`,
  );
}
