import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, HEADLESS_SHELL, launchProfile } from './harness';
import { browserEnv } from './wall-clock';

/**
 * The browser restart of the durability tests (durability.e2e.ts, stored-round-open.e2e.ts): values typed into a
 * round's table on a browser profile, the browser ended the moment each says "saved on this device", and the
 * browser started again on the same profile.
 */

/** How the browser ends: `close` as a user quits it, `crash` killed with SIGKILL (nothing closed cleanly). */
export type BrowserEnd = 'close' | 'crash';

/** A browser on a profile: its persistent context, and how it ends. */
export interface ProfileBrowser {
  context: BrowserContext;
  end(): Promise<void>;
}

/** Starts Chromium as a plain process (so it can be killed like a crash) and connects over CDP. */
async function startKillableChromium(profile: string): Promise<ProfileBrowser> {
  const proc = spawn(
    HEADLESS_SHELL,
    [`--user-data-dir=${profile}`, '--remote-debugging-port=0', ...CHROMIUM_ARGS, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: browserEnv() ?? process.env },
  );
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${buf}`)), 30_000);
    proc.stderr?.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const browser = await chromium.connectOverCDP(wsUrl);
  const kill = async (p: ChildProcess) => {
    if (p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((resolve) => p.once('exit', resolve));
    p.kill('SIGKILL');
    await exited;
  };
  return { context: browser.contexts()[0] ?? (await browser.newContext()), end: () => kill(proc) };
}

/** Starts the browser on `profile`; `crash`: one that `end` kills with SIGKILL. */
export async function startBrowser(profile: string, end: BrowserEnd): Promise<ProfileBrowser> {
  if (end === 'crash') return startKillableChromium(profile);
  const context = await launchProfile(profile);
  return { context, end: () => context.close() };
}

/**
 * Step 1 of a restart: in a browser on `profile`, types each value (text by the field's exact label) into the
 * table at `url` and ends the browser the moment every one says "saved on this device".
 */
export async function typeThenEndBrowser(
  profile: string,
  url: string,
  values: readonly { label: string; text: string }[],
  end: BrowserEnd,
): Promise<void> {
  const browser = await startBrowser(profile, end);
  try {
    const page = await browser.context.newPage();
    await page.goto(url);
    for (const v of values)
      await page.getByRole('textbox', { name: v.label, exact: true }).fill(v.text, { timeout: 60_000 });
    await page
      .locator('input[data-saved="true"]')
      .nth(values.length - 1)
      .waitFor({ timeout: 20_000 });
  } finally {
    await browser.end();
  }
}
