import { testToday } from '../support/dates';
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  countRoundPosts,
  launchBrowser,
  startTestServer,
  submitRound,
  tempDir,
  type TestServer,
} from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

/** Starts Chromium as a plain process (so it can be killed like a crash) and connects over CDP. */
async function startKillableChromium(profile: string): Promise<{ proc: ChildProcess; browser: Browser }> {
  const proc = spawn(
    CHROMIUM,
    ['--headless=new', `--user-data-dir=${profile}`, '--remote-debugging-port=0', ...CHROMIUM_ARGS, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
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
  return { proc, browser: await chromium.connectOverCDP(wsUrl) };
}

describe('durability', () => {
  const dir = tempDir('e2e-durability-');
  const profile = tempDir('e2e-durability-profile-');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dir.path);
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
    profile.remove();
  });

  it('keeps a value typed right before the browser process is killed', async () => {
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`;

    const kill = async (proc: ChildProcess) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGKILL');
      await exited;
    };
    const first = await startKillableChromium(profile.path);
    try {
      const page = await (first.browser.contexts()[0] ?? (await first.browser.newContext())).newPage();
      await page.goto(url);
      const input = page.getByRole('textbox', { name: p.label, exact: true });
      await input.fill(formatDe(p.good));
      // the moment the UI says "saved on this device", the process is killed
      await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });
    } finally {
      await kill(first.proc);
    }

    const second = await startKillableChromium(profile.path);
    try {
      const again = await (second.browser.contexts()[0] ?? (await second.browser.newContext())).newPage();
      await again.goto(url);
      await expect
        .poll(() => again.getByRole('textbox', { name: p.label, exact: true }).inputValue(), { timeout: 20_000 })
        .toBe(formatDe(p.good));
    } finally {
      await second.browser.close().catch(() => undefined);
      await kill(second.proc);
    }
  });

  it('lets only one of two open tabs send, and both show the submission', async () => {
    const { round, picked } = await pickNumericEntries(server, 2);
    const p = picked[1];
    if (!p) throw new Error('no entry');
    const browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'de-DE' });
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`;
    const [a, b] = [await context.newPage(), await context.newPage()];
    await a.goto(url);
    await b.goto(url);
    const value = Math.round((p.good + 0.07) * 100) / 100;
    await a.getByRole('textbox', { name: p.label, exact: true }).fill(formatDe(value));
    // the other tab sees the value live
    await expect
      .poll(() => b.getByRole('textbox', { name: p.label, exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(formatDe(value));
    const before = await countRoundPosts(server);
    await submitRound(a);
    await a.getByTestId('last-sent').waitFor({ timeout: 20_000 });
    await b.getByTestId('last-sent').waitFor({ timeout: 20_000 });
    expect(await countRoundPosts(server)).toBe(before + 1);
    await browser.close();
  });
});
