import { calendarDateOf, testToday } from '../support/dates';
import type { Page } from 'playwright-core';
import { testEndpoint } from '../../server/http/faults';
import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound, type TestServer } from './harness';
import { formatDe, pickNumericEntries, type PickedEntry } from './rounds';
import { addPhoto, jpeg } from './photo';

// a change after the server stored a round's values is a correction, never silently dropped.

async function injectFault(
  server: TestServer,
  fault: { method?: string; pathPattern: string; status: number | 'slow'; delayMs?: number; times: number },
) {
  const res = await testEndpoint(server, 'faults', { method: 'POST', body: JSON.stringify(fault) });
  if (!res.ok) throw new Error(`fault injection refused: ${res.status}`);
}

/** Every submission of the test's entry, oldest first, with the value it holds and what it corrects. */
async function submissions(server: TestServer, p: PickedEntry) {
  const rows = await server.db.query<{
    instance_id: string;
    corrects: string | null;
    body: { entries: { tsId: string; value?: number }[] };
  }>('select instance_id, corrects, body from submission order by submission_time');
  return rows
    .filter((r) => r.body.entries.some((e) => e.tsId === p.entry.tsId))
    .map((r) => ({
      id: r.instance_id,
      corrects: r.corrects,
      value: r.body.entries.find((e) => e.tsId === p.entry.tsId)?.value,
    }));
}

async function historyValue(server: TestServer, p: PickedEntry): Promise<number[]> {
  const today = testToday();
  const rows = await server.db.query<{ value: number; dt: Date }>(
    'select value, dt from historic_value where ts_id = $1 order by dt',
    [p.entry.tsId],
  );
  return rows.filter((r) => calendarDateOf(r.dt) === today).map((r) => r.value);
}

/** Replaces a field's text as a user does: select it, then type the new value key by key. */
async function retype(page: Page, p: PickedEntry, value: number) {
  const field = page.getByRole('textbox', { name: p.label, exact: true });
  await field.click();
  await field.press('Control+A');
  await field.pressSequentially(formatDe(value), { delay: 40 });
}

const state = (page: Page) => page.getByTestId('submit-bar').getByTestId('sync-state').getAttribute('data-state');

describe('corrections', () => {
  const env = serverAndBrowser('e2e-corrections-');

  it('sends a value corrected after the photo upload failed as a correction; the archive shows both versions', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 1);
    const p = picked[0] as PickedEntry;
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 40 });
    const photo = await jpeg(800, 600, '#446688');
    await addPhoto(page, p, photo);
    // both tries of the photo upload fail: the values are on the server, the photo is not
    await injectFault(env.server(), { method: 'POST', pathPattern: '/image/', status: 502, times: 2 });
    await submitRound(page);
    await page.getByTestId('submit-error').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('values-stored').textContent()).toContain('1 Foto wartet');
    expect((await submissions(env.server(), p)).map((s) => s.value)).toEqual([p.good]);

    const corrected = Math.round((p.good + 0.5) * 100) / 100;
    await retype(page, p, corrected);
    await expect.poll(() => state(page)).toBe('correction');
    await page.getByTestId('correction-waiting').waitFor();
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('submit-success').textContent()).toContain('Korrektur gesendet');

    const [first, correction] = await submissions(env.server(), p);
    expect([first?.value, correction?.value, correction?.corrects]).toEqual([p.good, corrected, first?.id]);
    expect(await historyValue(env.server(), p)).toEqual([corrected]);
    expect(await env.server().db.query('select image_id from image')).toHaveLength(1);

    // the archive: the first round says it was corrected, by whom, and shows the corrected value
    await page.goto(`${env.server().url}/archive/${first?.id ?? ''}`);
    await page.getByTestId('corrected-by').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('corrected-by').textContent()).toContain('demo');
    expect(await page.getByTestId('corrected-value').textContent()).toContain(formatDe(corrected));
    await page.goto(`${env.server().url}/archive/${correction?.id ?? ''}`);
    await page.getByTestId('correction-of').waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('"Edit again" while the values are on their way: the edit is sent next, as a correction; the badge never says all sent', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 2);
    const p = picked[1] as PickedEntry;
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName);
    await page.getByRole('textbox', { name: p.label, exact: true }).pressSequentially(formatDe(p.good), { delay: 40 });
    // a typed draft is unsent data: the navbar badge counts it
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-waiting')).not.toBe('0');
    expect(await page.getByTestId('sync-status').textContent()).not.toContain('Alles gesendet');

    await injectFault(env.server(), {
      method: 'POST',
      pathPattern: '/measure-round/[^/]+$',
      status: 'slow',
      delayMs: 4000,
      times: 1,
    });
    await submitRound(page);
    await expect.poll(() => state(page), { timeout: 10_000 }).toBe('sending');
    await page.getByRole('button', { name: 'Wieder bearbeiten' }).click();
    const edited = Math.round((p.good + 0.25) * 100) / 100;
    await retype(page, p, edited);
    // the slow post arrives: the server holds the first value, so what the user typed since is a correction
    await expect.poll(() => state(page), { timeout: 15_000 }).toBe('correction');
    expect(await page.getByTestId('sync-status').textContent()).not.toContain('Alles gesendet');
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    const rows = await submissions(env.server(), p);
    expect(rows.map((r) => r.value)).toEqual([p.good, edited]);
    expect(rows[1]?.corrects).toBe(rows[0]?.id);
    expect(await historyValue(env.server(), p)).toEqual([edited]);
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-waiting')).toBe('0');
    await context.close();
  });
});
