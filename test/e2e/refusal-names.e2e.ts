import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, submitRound, watchErrors } from './harness';

const DAM = 'Talsperre Gepatsch Kontrollgang';

/** A refusal said away from the table (toast, support panel) names the station and series, as the table does. */
describe('refusals name their station and series everywhere', () => {
  const env = serverAndBrowser('e2e-refusal-names-');
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
  async function type(page: Page, label: string, text: string) {
    await field(page, label).click();
    await field(page, label).pressSequentially(text, { delay: 20 });
    await expect.poll(() => field(page, label).getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
  }

  it('a duplicate time refused after the user left the table: the toast and support name the series, the table marks the time', async () => {
    // yesterday: 12:00 of today may still lie ahead, and the device would refuse that itself
    const date = DateTime.now().setZone('Europe/Vienna').minus({ days: 1 }).toISODate() ?? '';
    const context = await env.browser().newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(DAM)}/${date}`);
    await page.getByRole('button', { name: 'Absenden', exact: true }).waitFor();
    await type(page, 'Lot L1 2201 DX', '3,5');
    await page
      .locator('tr[data-tsid="2201-DX"]')
      .getByRole('button', { name: /duplizieren$/ })
      .click();
    await page.getByRole('textbox', { name: /^Uhrzeit der Kopie von/ }).pressSequentially('0730', { delay: 20 });
    await page.keyboard.press('Enter');
    await type(page, 'Lot L1 2201 DX Kopie 1', '4');
    // the copy's time typed over to the original's (12:00): two values of one series at one time, which the
    // device lets through and the server refuses with duplicate-time {tsId, dt}
    const copyTime = field(page, 'Lot L1 2201 DX Kopie 1 Uhrzeit');
    await copyTime.click();
    await page.keyboard.press('Control+A');
    await copyTime.pressSequentially('1200', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.waitForTimeout(500);

    // sent while the user is elsewhere: queued offline, then the connection returns on the group selection
    await context.setOffline(true);
    await submitRound(page);
    await expect.poll(() => page.getByTestId('sync-state').getAttribute('data-state')).toBe('queued');
    await page.getByRole('link', { name: 'Start: Gruppe wählen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.setOffline(false);

    const toast = page.getByTestId('submission-toast-error');
    await toast.waitFor({ timeout: 30_000 });
    const day = DateTime.fromISO(date).toFormat('dd.MM.yyyy');
    const sentence = `Zwei Werte dieser Zeitreihe haben dieselbe Zeit: ${day} 12:00.`;
    await expect.poll(() => toast.textContent()).toContain(`Lot L1 (2201), DX: ${sentence}`);
    expect(await toast.textContent()).not.toContain('2201-DX');

    // the round from the toast: the time of both rows of the series is marked, not their values
    await toast.getByRole('link', { name: 'Messrunde öffnen' }).click();
    await copyTime.waitFor();
    for (const label of ['Lot L1 2201 DX', 'Lot L1 2201 DX Kopie 1']) {
      const time = field(page, `${label} Uhrzeit`);
      await expect.poll(() => time.getAttribute('aria-invalid')).toBe('true');
      expect(await field(page, label).getAttribute('aria-invalid')).toBeNull();
      // the refusal is the time field's description
      const described = (await time.getAttribute('aria-describedby')) ?? '';
      expect(described).not.toBe('');
      expect(await page.locator(`[id="${described}"]`).getByTestId('refused-value').textContent()).toBe(sentence);
    }

    // support sees the name and the server's id of the series
    await page.goto(`${env.server().url}/debug`);
    const submission = page.getByTestId('debug-submission');
    await submission.waitFor({ timeout: 30_000 });
    await expect.poll(() => submission.textContent()).toContain(`Lot L1 (2201), DX (2201-DX): ${sentence}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
