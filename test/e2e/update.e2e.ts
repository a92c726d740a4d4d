import { appendFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { launchProfile, tempDir, type TestServer } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = new Date().toISOString().slice(0, 10);

describe('app update', () => {
  const data = tempDir('e2e-update-data-');
  const profile = tempDir('e2e-update-profile-');
  const app = tempDir('e2e-update-app-');
  let server: TestServer;

  beforeAll(async () => {
    // a copy of the build that the test can turn into "the next version"
    cpSync('dist', app.path, { recursive: true });
    server = await startServer({ port: 0, dataDir: data.path, staticDir: app.path, demo: true });
  });
  afterAll(async () => {
    await server?.close();
    data.remove();
    profile.remove();
    app.remove();
  });

  it('asks before installing a new version and keeps the unsent values through the reload', async () => {
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const context = await launchProfile(profile.path);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/stations/${encodeURIComponent(round.mrName)}/${today}`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    const input = page.getByRole('textbox', { name: p.label, exact: true });
    await input.fill(formatDe(p.good));
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });

    // deploy "the next version": a changed service worker script
    appendFileSync(join(app.path, 'sw.js'), '\n// next release\n');
    await page.reload();
    const prompt = page.getByRole('alertdialog');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await input.inputValue()).toBe(formatDe(p.good));
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), prompt.getByRole('button', { name: 'Neu laden' }).click()]);
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(formatDe(p.good));
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });
});
