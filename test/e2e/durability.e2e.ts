import { testToday } from '../support/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRoundPosts, launchBrowser, startTestServer, submitRound, tempDir, type TestServer } from './harness';
import { startBrowser, typeThenEndBrowser } from './restart';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

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

    // the moment the UI says "saved on this device", the process is killed
    await typeThenEndBrowser(profile.path, url, [{ label: p.label, text: formatDe(p.good) }], 'crash');

    const second = await startBrowser(profile.path, 'crash');
    try {
      const again = await second.context.newPage();
      await again.goto(url);
      await expect
        .poll(() => again.getByRole('textbox', { name: p.label, exact: true }).inputValue(), { timeout: 20_000 })
        .toBe(formatDe(p.good));
    } finally {
      await second.context
        .browser()
        ?.close()
        .catch(() => undefined);
      await second.end();
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
