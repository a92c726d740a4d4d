import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, watchErrors, type TestServer } from './harness';
import { startBrowser, typeThenEndBrowser } from './restart';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';

/**
 * Issue 29 item 3: a stored round opened after a browser restart, with the CPU slowed 4×, shows its values before
 * any field takes input. Before the fix the table rendered its value fields empty and editable for seconds, and
 * keys typed then merged with the stored value arriving meanwhile (`11683682,01`).
 */

interface GateWatch {
  /** set once the test types on purpose into fields that show their stored value */
  stopped?: boolean;
  violations: { label: string; value: string; at: number }[];
  firstInputAt?: number;
  allShownAt?: number;
}

/**
 * Runs in the page before the app: on every frame (the state a user sees), every value input of `expected` is
 * either read-only/disabled or holds its stored value. Keys typed by the test are allowed after the stored value.
 */
function watchGate(expected: Record<string, string>): void {
  const w: GateWatch = { violations: [] };
  (window as unknown as { __gate: GateWatch }).__gate = w;
  const t0 = performance.now();
  const frame = () => {
    if (w.stopped) return;
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input[data-value-input]')];
    if (inputs.length > 0) w.firstInputAt ??= performance.now() - t0;
    let shown = 0;
    for (const input of inputs) {
      const label = input.getAttribute('aria-label') ?? '';
      const stored = expected[label];
      if (stored === undefined) continue;
      if (input.value.startsWith(stored)) shown += 1;
      else if (!input.disabled && !input.readOnly)
        w.violations.push({ label, value: input.value, at: performance.now() - t0 });
    }
    if (shown === Object.keys(expected).length) w.allShownAt ??= performance.now() - t0;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const viennaToday = () => DateTime.now().setZone('Europe/Vienna').toISODate() ?? '';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a stored round opened after a browser restart at 4× slower CPU', () => {
  const dir = tempDir('e2e-stored-open-');
  const profile = tempDir('e2e-stored-open-profile-');
  const tourProfile = tempDir('e2e-stored-open-tour-');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dir.path);
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
    profile.remove();
    tourProfile.remove();
  });

  const field = (page: Page, p: PickedEntry) => page.getByRole('textbox', { name: p.label, exact: true });

  it('shows every stored value before any value field takes input, and typed keys never merge with a late value', async () => {
    const { round, picked } = await pickNumericEntries(server, 3);
    const [append, replace, early] = picked;
    if (!append || !replace || !early) throw new Error('no entries');
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${viennaToday()}`;
    const stored = Object.fromEntries(picked.map((p) => [p.label, formatDe(p.good)]));

    // 1. enter the values and close the browser once each is saved on the device
    const typed = picked.map((p) => ({ label: p.label, text: formatDe(p.good) }));
    await typeThenEndBrowser(profile.path, url, typed, 'close');

    // 2. the browser again, the CPU slowed 4× before the app starts
    const browser = await startBrowser(profile.path, 'close');
    const { context } = browser;
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(watchGate, stored);
      await page.goto(url);

      // a user who types at once: as soon as the field exists, keys go to it; while it is read-only they are
      // dropped, once it takes keys it holds the stored value and they follow it
      const earlyField = field(page, early);
      await earlyField.waitFor({ timeout: 90_000 });
      await earlyField.focus();
      for (let i = 0; i < 12 && !(await earlyField.inputValue()).startsWith(stored[early.label] ?? '?'); i++)
        await earlyField.press('9');
      // once the field takes keys: at its end a digit, and a replaced value in the next
      await expect.poll(() => earlyField.isEditable(), { timeout: 60_000 }).toBe(true);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __gate: GateWatch }).__gate.allShownAt), {
          timeout: 30_000,
        })
        .toBeDefined();
      const watch = await page.evaluate(() => {
        const w = (window as unknown as { __gate: GateWatch }).__gate;
        w.stopped = true;
        return w;
      });
      await field(page, append).focus();
      await field(page, append).press('End');
      await field(page, append).pressSequentially('5', { delay: 30 });
      const replaced = formatDe(Math.round((replace.good + 0.11) * 100) / 100);
      await field(page, replace).focus();
      await field(page, replace).press('ControlOrMeta+a');
      await field(page, replace).pressSequentially(replaced, { delay: 30 });
      await field(page, replace).press('Tab');

      console.info(
        `stored round at 4× CPU: first value input after ${Math.round(watch.firstInputAt ?? -1)} ms, ` +
          `stored values shown after ${Math.round(watch.allShownAt ?? -1)} ms`,
      );
      expect(watch.violations.slice(0, 5)).toEqual([]);
      expect(watch.allShownAt).toBeDefined();

      const appended = `${stored[append.label]}5`;
      await expect.poll(() => field(page, append).inputValue()).toBe(appended);
      await expect.poll(() => field(page, replace).inputValue()).toBe(replaced);
      // the early keys: dropped while read-only, or after the stored value — never inside or before it
      const earlyValue = await earlyField.inputValue();
      expect(earlyValue).toMatch(new RegExp(`^${escape(stored[early.label] ?? '?')}9*$`));
      await expect.poll(() => page.locator('input[data-saved="true"]').count(), { timeout: 20_000 }).toBe(3);
      expect(errors).toEqual([]);

      // 3. what the fields showed is what was stored
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.reload();
      await expect.poll(() => field(page, append).inputValue(), { timeout: 60_000 }).toBe(appended);
      expect(await field(page, replace).inputValue()).toBe(replaced);
      expect(await earlyField.inputValue()).toBe(earlyValue);
    } finally {
      await browser.end();
    }
  });
  it('on the tour: a stored round opened after a restart shows its value before its field takes input', async () => {
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const value = formatDe(Math.round((p.good + 0.03) * 100) / 100);

    const first = await startBrowser(tourProfile.path, 'close');
    let instanceId = '';
    try {
      const page = await first.context.newPage();
      await page.goto(`${server.url}/?date=${viennaToday()}`);
      await page.getByRole('button', { name: `${round.mrName} offline nehmen` }).click({ timeout: 60_000 });
      await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
      await page.waitForURL(/\/mobile\//);
      instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.goto(`${server.url}/mobile/${instanceId}?view=input&station=${encodeURIComponent(p.entry.staNumber)}`);
      await field(page, p).pressSequentially(value, { delay: 20, timeout: 60_000 });
      await page.locator(`[data-tsid="${p.entry.tsId}"] input[data-saved="true"]`).first().waitFor({ timeout: 20_000 });
    } finally {
      await first.end();
    }

    const second = await startBrowser(tourProfile.path, 'close');
    const { context } = second;
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(watchGate, { [p.label]: value });
      await page.goto(`${server.url}/mobile/${instanceId}?view=input&station=${encodeURIComponent(p.entry.staNumber)}`);
      await expect.poll(() => field(page, p).inputValue(), { timeout: 90_000 }).toBe(value);
      const watch = await page.evaluate(() => (window as unknown as { __gate: GateWatch }).__gate);
      console.info(
        `tour at 4× CPU: first value input after ${Math.round(watch.firstInputAt ?? -1)} ms, ` +
          `stored value shown after ${Math.round(watch.allShownAt ?? -1)} ms`,
      );
      expect(watch.violations.slice(0, 5)).toEqual([]);
      expect(await field(page, p).isEditable()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await second.end();
    }
  });
});
