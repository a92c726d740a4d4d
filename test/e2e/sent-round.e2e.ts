import { expect, describe, it, afterAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { testEndpoint } from '../../server/http/faults';
import { launchProfile, serverAndBrowser, submitRound, tempDir, watchErrors, type TestServer } from './harness';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';
import { addPhoto, jpeg } from './photo';
import { DEFAULT_ZONE, toIsoDate, wallTimeIn } from '../../src/domain/zoned-time';

/**
 * A sent round says so when opened again, after a browser restart too (issue 29): the table of its round and date
 * shows the values sent and the line that says what was sent and when, read from the local database.
 */
describe('a sent round opened again', () => {
  const env = serverAndBrowser('e2e-sent-round-');
  const profiles: { remove(): void }[] = [];
  afterAll(() => profiles.forEach((p) => p.remove()));

  // the product's zone: the day a field worker in Vienna sees
  const wall = wallTimeIn(Date.now(), DEFAULT_ZONE);
  if (!wall) throw new Error('no wall time');
  const today = toIsoDate(wall);
  const url = (server: TestServer, group: string) => `${server.url}/stations/${encodeURIComponent(group)}/${today}`;
  const field = (page: Page, p: PickedEntry) => page.getByRole('textbox', { name: p.label, exact: true });

  async function reopened(profile: string, group: string, p: PickedEntry, value: number) {
    const context: BrowserContext = await launchProfile(profile);
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = watchErrors(page);
    await page.goto(url(env.server(), group));
    const line = page.getByTestId('last-sent');
    await line.waitFor({ timeout: 30_000 });
    await expect.poll(() => field(page, p).inputValue(), { timeout: 20_000 }).toBe(formatDe(value));
    return { context, page, line, errors };
  }

  it('shows what was sent, when, with its values and photo, after a restart', async () => {
    const profile = tempDir('e2e-sent-round-profile-');
    profiles.push(profile);
    const { round, picked } = await pickNumericEntries(env.server(), 2);
    const [p, q] = picked as [PickedEntry, PickedEntry];
    let context = await launchProfile(profile.path);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url(env.server(), round.mrName));
    await field(page, p).pressSequentially(formatDe(p.good), { delay: 20 });
    await field(page, q).pressSequentially(formatDe(q.good), { delay: 20 });
    await addPhoto(page, p, await jpeg(320, 240, '#335577'));
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    await context.close();

    ({ context, page } = await reopened(profile.path, round.mrName, p, p.good));
    const text = (await page.getByTestId('last-sent').textContent()) ?? '';
    expect(text).toContain('2 Werte');
    expect(text).toContain('1 Foto');
    expect(await field(page, q).inputValue()).toBe(formatDe(q.good));
    // what was sent is shown, not offered for typing: a change is made with "Edit again", as a correction
    expect(await field(page, p).isEditable()).toBe(false);
    expect(await page.getByTestId('submit-bar').textContent()).toContain('2 Einträge ausgefüllt');
    await context.close();
  });

  it('shows a round whose send a restart cut short once it reached the server', async () => {
    const profile = tempDir('e2e-sent-round-cut-');
    profiles.push(profile);
    const { round, picked } = await pickNumericEntries(env.server(), 3);
    const p = picked[2] as PickedEntry;
    let context = await launchProfile(profile.path);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url(env.server(), round.mrName));
    await field(page, p).pressSequentially(formatDe(p.good), { delay: 20 });
    // the values post is stored, but its answer is lost, and the browser closes right then
    await testEndpoint(env.server(), 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 'drop-after', times: 1 }),
    });
    await submitRound(page);
    await expect
      .poll(() => page.getByTestId('submit-bar').getByTestId('sync-state').getAttribute('data-state'), {
        timeout: 20_000,
      })
      .not.toBe('draft');
    await context.close();

    ({ context, page } = await reopened(profile.path, round.mrName, p, p.good));
    expect(await page.getByTestId('last-sent').textContent()).toContain('1 Wert');
    await context.close();
  });
});
