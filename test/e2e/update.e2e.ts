import { testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import { type AppVersions, appVersions } from './app-versions';
import { launchProfile, type TestServer, waitForServiceWorker } from './harness';
import type { BrowserContext } from 'playwright-core';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';

const today = testToday();

describe('app update', () => {
  const versions = appVersions('e2e-update-');

  // One profile through both deploys (a first visit and service worker install paid once): the tab that got the
  // first update becomes tab A of the second, which every open tab follows.
  it('asks before installing a new version and keeps the unsent values through the reload; every open tab follows the next update, and a tab of a newer schema stops the older tabs without losing a keystroke', async () => {
    const server = versions.server();
    const { round, picked } = await pickNumericEntries(server, 3);
    const [p, q, r] = picked;
    if (!p || !q || !r) throw new Error('no entries');
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`;
    const context = await launchProfile(versions.profileDir());
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
        .toBe(true);
      const input = page.getByRole('textbox', { name: p.label, exact: true });
      await input.fill(formatDe(p.good));
      await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });

      // deploy "the next version": a changed service worker script
      versions.touchServiceWorker('next release');
      await page.reload();
      const prompt = page.getByRole('alertdialog');
      await prompt.waitFor({ timeout: 30_000 });
      expect(await input.inputValue()).toBe(formatDe(p.good));
      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        prompt.getByRole('button', { name: 'Neu laden' }).click(),
      ]);
      await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(formatDe(p.good));
      await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);

      // not only the tab whose user confirms follows an update; no tab keeps writing with old code
      await followTheUpdate(context, server, versions, url, q, r);
    } finally {
      await context.close();
    }
  });
});

/** Two tabs of one profile on a round's table through an update (sw.js changed) and a newer schema's announcement. */
async function followTheUpdate(
  context: BrowserContext,
  server: TestServer,
  versions: AppVersions,
  url: string,
  p: PickedEntry,
  q: PickedEntry,
): Promise<void> {
  // tab A: the tab of the first update, on the table and controlled by the service worker
  const a = context.pages()[0] ?? (await context.newPage());
  expect(new URL(a.url()).pathname).toBe(new URL(url).pathname);
  await waitForServiceWorker(a);
  const b = await context.newPage();
  await b.goto(url);
  await waitForServiceWorker(b);
  const inB = b.getByRole('textbox', { name: p.label, exact: true });
  // typed once the field takes keys (read-only while the table reads its stored values: the first update's value is
  // on this device), and saved: this field's mark, not the first update's field's
  await expect.poll(() => inB.isEditable(), { timeout: 30_000 }).toBe(true);
  await inB.pressSequentially(formatDe(p.good), { delay: 40 });
  await expect.poll(() => inB.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
  expect(await inB.inputValue()).toBe(formatDe(p.good));

  // a new version is deployed; the user confirms it in tab A, and tab B reloads too
  versions.touchServiceWorker('release after the next one');
  await a.reload();
  const prompt = a.getByRole('alertdialog');
  await prompt.waitFor({ timeout: 30_000 });
  const bReloaded = b.waitForEvent('load', { timeout: 30_000 });
  await Promise.all([
    a.waitForEvent('load', { timeout: 30_000 }),
    prompt.getByRole('button', { name: 'Neu laden' }).click(),
  ]);
  await bReloaded;
  await expect.poll(() => inB.inputValue(), { timeout: 20_000 }).toBe(formatDe(p.good));

  // a tab of a newer database schema announces itself (as the next version does before it migrates) while
  // the user types in B: the old tabs finish their writes, close their database, answer, and reload
  const value = formatDe(q.good);
  const before = value.slice(0, 2);
  const inQ = b.getByRole('textbox', { name: q.label, exact: true });
  await inQ.click();
  for (const ch of before) await b.keyboard.press(ch, { delay: 40 });
  const next = await context.newPage();
  await next.goto(`${server.url}/hwe-api/v2/info`); // same origin, not the app
  const bStopped = b.waitForEvent('load', { timeout: 30_000 });
  const answers = next.evaluate(async () => {
    const channel = new BroadcastChannel('hydrorounds-version');
    const got: string[] = [];
    const reloaded = new Set<string>();
    // the reloaded tabs say hello again afterwards: only the answers to this announcement count
    channel.onmessage = (e: MessageEvent<{ type: string; tab: string }>) => {
      if (['closing', 'closed'].includes(e.data.type)) got.push(e.data.type);
      else if (e.data.type === 'hello') reloaded.add(e.data.tab);
    };
    channel.postMessage({
      type: 'hello',
      tab: 'next-version',
      schema: { offlineInstances: 99, drafts: 99 },
      version: 'next',
    });
    // both old tabs answer closing and closed, then reload and say hello as new tabs: an extra answer of an old
    // tab would have come before its reload, so once both hellos are in every answer is
    for (const end = Date.now() + 20_000; (got.length < 4 || reloaded.size < 2) && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 50));
    channel.close();
    return got.sort();
  });
  // the user goes on typing: those keys meet the blocking dialog (or the reload), never the old code's database
  for (const ch of value.slice(2)) await b.keyboard.press(ch, { delay: 40 }).catch(() => undefined);
  expect(await answers).toEqual(['closed', 'closed', 'closing', 'closing']);
  await bStopped;
  await expect.poll(() => inQ.inputValue(), { timeout: 20_000 }).toMatch(/^\d/);
  const after = await inQ.inputValue();
  expect(after.startsWith(before)).toBe(true);
  expect(value.startsWith(after)).toBe(true);
  expect(await inB.inputValue()).toBe(formatDe(p.good));
}
