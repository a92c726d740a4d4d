import { testToday } from '../support/dates';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound, type TestServer, waitForServiceWorker } from './harness';
import { pickNumericEntries } from './rounds';
import { gotoTable, sharedDevice } from './visits';
import { testEndpoint } from '../../server/http/faults';

/**
 * One keystroke per value: these tests are about what happens to a round after it was typed, so a
 * single digit keeps them independent of how the table handles fast typing.
 */
async function typeOneValue(server: TestServer, page: Page, index: number): Promise<{ mrName: string }> {
  const { round, picked } = await pickNumericEntries(server, index + 1);
  const p = picked[index];
  if (!p) throw new Error('no entry');
  const input = page.getByRole('textbox', { name: p.label, exact: true });
  await input.pressSequentially('7', { delay: 20 });
  await page.locator('input[data-saved="true"]').first().waitFor({ timeout: 10_000 });
  return { mrName: round.mrName };
}

describe('unsent rounds on the group selection', () => {
  const env = serverAndBrowser('e2e-unsent-');
  // The first two tests share a device (one first visit): the first ends with the round deleted from it, the
  // table empty again, where the second starts.
  const device = sharedDevice(env.browser);

  it('deletes an unsent round only after its exact name was typed; a mismatch keeps it', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    const { page, errors } = await device();
    await gotoTable(page, env.server(), round.mrName);
    await typeOneValue(env.server(), page, 0);
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    const unsent = page.getByRole('list', { name: 'Nicht gesendete Runden' });
    await unsent.waitFor();
    const deleteButton = unsent.getByRole('button', {
      name: new RegExp(`^${round.mrName} \\(.*\\) von diesem Gerät löschen$`),
    });

    // Escape closes the dialog and deletes nothing
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: `Nicht übermittelte Messrunde ${round.mrName} löschen?` });
    await dialog.waitFor();
    const nameInput = dialog.getByRole('textbox', { name: 'Name der Messrunde' });
    await expect.poll(() => nameInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await unsent.textContent()).toContain(round.mrName);

    // a name that is almost right leaves the delete button disabled, and Enter does not delete either
    await deleteButton.click();
    await nameInput.pressSequentially(round.mrName.slice(0, -1), { delay: 20 });
    const confirm = dialog.getByRole('button', { name: 'Löschen', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await nameInput.press('Enter');
    expect(await dialog.getByText('Der Name stimmt nicht überein; es wird nichts gelöscht.').isVisible()).toBe(true);
    await nameInput.pressSequentially('X', { delay: 20 });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await unsent.textContent()).toContain(round.mrName);

    // the exact name deletes it
    await deleteButton.click();
    await nameInput.pressSequentially(round.mrName, { delay: 20 });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.getByTestId('instance-deleted').waitFor();
    expect(await page.getByTestId('instance-deleted').textContent()).toContain(round.mrName);
    expect(await page.getByRole('list', { name: 'Nicht gesendete Runden' }).count()).toBe(0);

    // and the table starts empty again
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(round.mrName)}/${testToday()}`);
    const { picked } = await pickNumericEntries(env.server(), 1);
    const first = page.getByRole('textbox', { name: picked[0]?.label, exact: true });
    await first.waitFor();
    expect(await first.inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('confirms a submission that finishes on another screen, and offers no deletion while it waits', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    const { context, page, errors } = await device();
    await gotoTable(page, env.server(), round.mrName);
    await typeOneValue(env.server(), page, 0);
    // offline, the submission waits in the queue; the user goes back to the group selection meanwhile
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await submitRound(page);
    await page.getByTestId('submit-waiting').waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    const unsent = page.getByRole('list', { name: 'Nicht gesendete Runden' });
    await unsent.waitFor();
    expect(await unsent.getByTestId('sync-state').getAttribute('data-state')).toBe('queued');
    expect(await unsent.getByRole('button').count()).toBe(0);

    await context.setOffline(false);
    const toast = page.getByTestId('submission-toast');
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.getAttribute('role')).toBe('status');
    expect(await toast.textContent()).toContain(`Messrunde ${round.mrName} übermittelt: 1 Wert`);
    expect(await toast.textContent()).not.toContain('1 Werte');
    expect(page.url()).not.toContain('/stations/');
    await toast.getByRole('button', { name: 'Schließen' }).click();
    await toast.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('keeps an error toast with a link to the round until it is dismissed', async () => {
    const { round } = await pickNumericEntries(env.server(), 1);
    // a fake clock that runs on in real time: the wait below jumps instead of sleeping
    const { context, page } = await openTable(env.browser(), env.server(), round.mrName, { locale: 'de-DE' }, (c) =>
      c.clock.install(),
    );
    await typeOneValue(env.server(), page, 0);
    await context.setOffline(true);
    await submitRound(page);
    await page.getByTestId('submit-waiting').waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    // both attempts (the first and the retry after 5 s) fail on the server
    await testEndpoint(env.server(), 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 500, times: 2 }),
    });
    await context.setOffline(false);
    const toast = page.getByTestId('submission-toast-error');
    await toast.waitFor({ timeout: 40_000 });
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await toast.textContent()).toContain(`Messrunde ${round.mrName}`);
    // errors do not hide themselves: 9 s later (a success toast hides after 8 s, SUCCESS_TOAST_MS) it is there
    await page.clock.fastForward(9_000);
    // two frames later a hide the jump set off is painted (React renders what a timer set before the next frame)
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await toast.isVisible()).toBe(true);
    await toast.getByRole('link', { name: 'Messrunde öffnen' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`/stations/${round.mrName}/`);
    await toast.waitFor({ state: 'hidden' });
    await testEndpoint(env.server(), 'faults', { method: 'DELETE' });
    await context.close();
  });
});
