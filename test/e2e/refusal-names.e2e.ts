import { testDaysAgo } from '../support/dates';
import { describe, expect, it } from 'vitest';
import { field, keepDeviceUnit, typeValue } from './duplicate-time';
import { serverAndBrowser, submitRound, watchErrors } from './harness';

const DAM = 'Talsperre Gepatsch Kontrollgang';

/**
 * A refusal said away from the table (toast, support panel) names the station and series, as the table does.
 * The refusal must be one the device cannot foresee: the rules it knows (one value per series and time, the
 * codes of its copy of the round, the date window) run before sending (src/domain/submission-rules.ts). So the
 * office makes the series a yes/no code on the server while the round waits offline, and the device keeps its
 * own copy of the round (a pull would otherwise show it the new code before the send).
 */
describe('refusals name their station and series everywhere', () => {
  const env = serverAndBrowser('e2e-refusal-names-');
  it('a code refused after the user left the table: the toast and support name the series', async () => {
    // yesterday: 12:00 of today may still lie ahead, and the device would refuse that itself
    const date = testDaysAgo(1);
    const db = env.server().db;
    const context = await env.browser().newContext({ locale: 'de-DE' });
    await keepDeviceUnit(context, db);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(DAM)}/${date}`);
    await page.getByRole('button', { name: 'Absenden', exact: true }).waitFor();
    await typeValue(page, 'Lot L1 2201 DX', '7');
    await page.keyboard.press('Tab');

    // sent while the user is elsewhere: queued offline, then the connection returns on the group selection
    await context.setOffline(true);
    await submitRound(page);
    await expect.poll(() => page.getByTestId('sync-state').getAttribute('data-state')).toBe('queued');
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // meanwhile the office made the series a yes/no code on the server: the 7 is refused
    await db.query(
      `update round_entry set definition = jsonb_set(definition, '{tsUnit}', to_jsonb('nein/ja'::text)) where ts_id = '2201-DX'`,
    );
    await context.setOffline(false);

    const toast = page.getByTestId('submission-toast-error');
    await toast.waitFor({ timeout: 30_000 });
    const sentence = '7 ist keiner der Codes, die diese Zeitreihe erlaubt (0, 1).';
    await expect.poll(() => toast.textContent()).toContain(`Lot L1 (2201), DX: ${sentence}`);
    expect(await toast.textContent()).not.toContain('2201-DX');

    // the round from the toast: its value says why
    await toast.getByRole('link', { name: 'Messrunde öffnen' }).click();
    await field(page, 'Lot L1 2201 DX').waitFor();
    await expect.poll(() => page.getByTestId('refused-value').first().textContent()).toBe(sentence);

    // support sees the name and the server's id of the series
    await page.goto(`${env.server().url}/debug`);
    const submission = page.getByTestId('debug-submission');
    await submission.waitFor({ timeout: 30_000 });
    await expect.poll(() => submission.textContent()).toContain(`Lot L1 (2201), DX (2201-DX): ${sentence}`);
    expect(errors).toEqual([]);
    // a pull still under way must not end in the route handler of a closed context
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
