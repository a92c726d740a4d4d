import { testToday } from '../support/dates';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appVersions } from './app-versions';
import { launchProfile, waitForServiceWorker } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

/** The app's entry script a page runs: names the build it was served from. */
const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src') ?? '');
const entryOf = (dir: string) =>
  /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];

// Issue 21: two tabs across a real update whose database schema is higher (a second build of the app with the
// decisions collection one version up, next-schema.vite.config.ts), not only the announcement on the channel.
describe('two tabs across an update with a newer database schema', () => {
  const versions = appVersions('e2e-schema-', { nextSchema: true });

  // the second build runs while the test works on the first version (and is reused while dist is unchanged): on a
  // cache miss the test waits for it, so the time a start-up hook had for it (180 s) is the test's too
  it('both tabs end on the new version with every value typed on the old one', { timeout: 300_000 }, async () => {
    const server = versions.server();
    const { round, picked } = await pickNumericEntries(server, 2);
    const [p, q] = picked;
    if (!p || !q) throw new Error('no entries');
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`;
    const oldEntry = entryOf(versions.appDir);
    const context = await launchProfile(versions.profileDir());
    // what the tabs logged (reloads, stops, errors), printed only when the test fails
    const log: string[] = [];
    const listen = (page: Page, name: string) => {
      page.on('console', (m) => log.push(`${name} ${m.type()}: ${m.text()}`));
      page.on('load', () => log.push(`${name} loaded ${page.url()}`));
    };
    try {
      const a = context.pages()[0] ?? (await context.newPage());
      listen(a, 'A');
      await a.goto(url);
      await waitForServiceWorker(a);
      const b = await context.newPage();
      listen(b, 'B');
      await b.goto(url);
      await waitForServiceWorker(b);
      // one value typed in each tab on the old version, B's once it shows A's (one round instance, not two)
      for (const [tab, entry] of [
        [a, p],
        [b, q],
      ] as const) {
        await expect
          .poll(() => tab.getByRole('textbox', { name: p.label, exact: true }).inputValue(), { timeout: 20_000 })
          .toBe(tab === a ? '' : formatDe(p.good));
        const input = tab.getByRole('textbox', { name: entry.label, exact: true });
        await input.pressSequentially(formatDe(entry.good), { delay: 40 });
        await expect.poll(() => input.getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
      }
      expect(await entryScript(a)).toBe(oldEntry);

      // the next version (built meanwhile) is deployed; the user confirms it in tab A; tab B follows
      const newEntry = entryOf(await versions.nextDir());
      expect(newEntry).toBeDefined();
      expect(newEntry).not.toBe(oldEntry);
      await versions.deployNext();
      await a.reload();
      const prompt = a.getByRole('alertdialog');
      await prompt.waitFor({ timeout: 30_000 });
      await prompt.getByRole('button', { name: 'Neu laden' }).click();
      for (const tab of [a, b]) {
        // a tab told at its own start may ask before it reloads (StaleVersionDialog): the user then presses
        // "reload now", as the dialog says; the value is read without waiting, so the poll sees the dialog again
        const reloadWhenAsked = async () => {
          const stale = tab.getByRole('button', { name: 'Jetzt neu laden' });
          if (await stale.isVisible().catch(() => false)) {
            log.push(`${tab === a ? 'A' : 'B'} asked to reload`);
            await stale.click().catch(() => undefined);
          }
        };
        await expect
          .poll(
            async () => {
              await reloadWhenAsked();
              return entryScript(tab).catch(() => '');
            },
            { timeout: 60_000 },
          )
          .toBe(newEntry);
        for (const entry of [p, q])
          await expect
            .poll(
              async () => {
                await reloadWhenAsked();
                return tab
                  .getByRole('textbox', { name: entry.label, exact: true })
                  .inputValue({ timeout: 2_000 })
                  .catch(() => 'not shown');
              },
              { timeout: 45_000 },
            )
            .toBe(formatDe(entry.good));
      }
      // the data really moved: the decisions collection is stored at the new schema version (one IndexedDB
      // database per collection and version, rxdb-dexie-<db>--<version>--<collection>)
      const names = await a.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
      expect(names).toContain('rxdb-dexie-hydrorounds--2--decisions');
    } catch (e) {
      // what each tab shows (an open dialog first) and logged says more than a timeout
      for (const [i, tab] of context.pages().entries()) {
        const dialogs = await tab
          .locator('dialog[open], [role="alertdialog"]')
          .allInnerTexts()
          .catch(() => []);
        const body = await tab
          .locator('body')
          .innerText()
          .catch(() => '');
        console.info(`tab ${i}`, tab.url(), await entryScript(tab).catch(() => '?'), { dialogs }, body.slice(0, 600));
      }
      console.info(log.slice(-80).join('\n'));
      throw e;
    } finally {
      await context.close();
    }
  });
});
