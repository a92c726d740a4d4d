// Offline cold start: a device that has the app and its data restarts its browser without
// network; from navigation start to the round list painted, timed in the page from its time origin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, roundLink } from '../test/e2e/harness';
import { BIG } from './dataset';
import { record, type Profile } from './report';
import { DESKTOP, throttle } from './browser';
import { browserEnv, RUN_CLOCK_SHIFT_MS, shiftWallClock } from '../test/e2e/wall-clock';

/** The profile's browser, with the run's clock when scripts/test-at.sh moved it (as bench/browser.ts's). */
async function launchProfile(dir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env: browserEnv(),
    ...DESKTOP,
  });
  if (RUN_CLOCK_SHIFT_MS) await shiftWallClock(context, RUN_CLOCK_SHIFT_MS);
  return context;
}

// runs at document start: the time (since navigation start) of the first frame showing the round's link (its
// text says "open the table"; the round's name is in its accessible name)
const PROBE = `window.__name = window.__name || ((f) => f);
(() => {
  const check = () => {
    if ([...document.querySelectorAll('a')].some((a) => ((a.getAttribute('aria-label') || '') + (a.textContent || '')).includes(${JSON.stringify(BIG.mrName)}))) window.benchRoundsVisible = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** Installs the app once (service worker, data), then restarts the browser offline `runs` times per profile. */
export async function offlineColdStart(
  home: string,
  profiles: readonly { profile: Profile; rate: number }[],
  runs: number,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  let context: BrowserContext | undefined;
  try {
    context = await launchProfile(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(home);
    await roundLink(page, BIG.mrName).waitFor({ timeout: 120_000 });
    // installing the service worker precaches the whole app (about 100 files): real work, not the way being lost,
    // and at a load of 25–30 on the two shared cores it took longer than a minute (smoke of 28 Nov)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
    // the service worker has stored the app; let the first pull finish as well
    await page.waitForLoadState('networkidle', { timeout: 300_000 });
    await context.close();
    for (const { profile, rate } of profiles) {
      const ms: number[] = [];
      for (let r = 0; r < runs; r++) {
        context = await launchProfile(dir);
        await context.setOffline(true);
        await context.addInitScript(PROBE);
        const p = context.pages()[0] ?? (await context.newPage());
        await throttle(p, rate);
        await p.goto(home);
        await p.waitForFunction(() => 'benchRoundsVisible' in window, undefined, { timeout: 60_000 });
        ms.push(
          (await p.evaluate(() => (window as unknown as { benchRoundsVisible: number }).benchRoundsVisible)) as number,
        );
        await context.close();
        context = undefined;
      }
      record('offline cold start → rounds visible', profile, ms, 'ms', 2000, {
        note: 'browser restarted offline; navigation start → the round list painted (service worker)',
      });
    }
  } finally {
    await context?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
