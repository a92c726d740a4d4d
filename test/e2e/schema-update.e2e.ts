import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { launchProfile, tempDir, type TestServer, waitForServiceWorker } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = new Date().toISOString().slice(0, 10);

/** The app's entry script a page runs: names the build it was served from. */
const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src') ?? '');
const entryOf = (dir: string) =>
  /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  // NODE_ENV is 'test' under vitest: Vite would then build with import.meta.env.DEV (RxDB dev-mode and ajv)
  const result = spawnSync(command, args, {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

// Issue 21: two tabs across a real update whose database schema is higher (a second build of the app with the
// decisions collection one version up, next-schema.vite.config.ts), not only the announcement on the channel.
describe('two tabs across an update with a newer database schema', () => {
  const data = tempDir('e2e-schema-data-');
  const profile = tempDir('e2e-schema-profile-');
  const app = tempDir('e2e-schema-app-');
  const next = tempDir('e2e-schema-next-');
  let server: TestServer;

  beforeAll(async () => {
    cpSync('dist', app.path, { recursive: true });
    // the next version, built for real (about 10–30 s): the same sources with the schema bump
    run('npx', [
      'vite',
      'build',
      '--config',
      'test/e2e/next-schema.vite.config.ts',
      '--outDir',
      next.path,
      '--emptyOutDir',
    ]);
    run('node', ['workers/build-sw.mjs'], { BUILD_DIR: next.path });
    server = await startServer({ port: 0, dataDir: data.path, staticDir: app.path, demo: true });
  });
  afterAll(async () => {
    await server?.close();
    for (const d of [data, profile, app, next]) d.remove();
  });

  it('both tabs end on the new version with every value typed on the old one', async () => {
    const { round, picked } = await pickNumericEntries(server, 2);
    const [p, q] = picked;
    if (!p || !q) throw new Error('no entries');
    const url = `${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`;
    const oldEntry = entryOf(app.path);
    const newEntry = entryOf(next.path);
    expect(newEntry).toBeDefined();
    expect(newEntry).not.toBe(oldEntry);
    const context = await launchProfile(profile.path);
    try {
      const a = context.pages()[0] ?? (await context.newPage());
      await a.goto(url);
      await waitForServiceWorker(a);
      const b = await context.newPage();
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

      // the next version is deployed; the user confirms it in tab A; tab B follows
      cpSync(next.path, app.path, { recursive: true });
      await a.reload();
      const prompt = a.getByRole('alertdialog');
      await prompt.waitFor({ timeout: 30_000 });
      await prompt.getByRole('button', { name: 'Neu laden' }).click();
      for (const tab of [a, b]) {
        // a tab told at its own start may ask before it reloads (StaleVersionDialog)
        await expect
          .poll(
            async () => {
              const stale = tab.getByRole('button', { name: 'Jetzt neu laden' });
              if (await stale.isVisible().catch(() => false)) await stale.click().catch(() => undefined);
              return entryScript(tab).catch(() => '');
            },
            { timeout: 60_000 },
          )
          .toBe(newEntry);
        for (const entry of [p, q])
          await expect
            .poll(() => tab.getByRole('textbox', { name: entry.label, exact: true }).inputValue(), { timeout: 30_000 })
            .toBe(formatDe(entry.good));
      }
      // the data really moved: the decisions collection is stored at the new schema version (one IndexedDB
      // database per collection and version, rxdb-dexie-<db>--<version>--<collection>)
      const names = await a.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
      expect(names).toContain('rxdb-dexie-hydrorounds--2--decisions');
    } catch (e) {
      // what each tab shows says more than a timeout
      for (const [i, tab] of context.pages().entries())
        console.info(
          `tab ${i}`,
          tab.url(),
          (
            await tab
              .locator('body')
              .innerText()
              .catch(() => '')
          ).slice(0, 1500),
        );
      throw e;
    } finally {
      await context.close();
    }
  });
});
