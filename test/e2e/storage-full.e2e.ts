import { testToday } from '../support/dates';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

const today = testToday();

describe('full storage', () => {
  const env = serverAndBrowser('e2e-storage-');

  it('tells the user what to do when the quota is exhausted and keeps what was stored', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 2);
    const [first, second] = picked;
    if (!first || !second) throw new Error('no entries');
    const context = await env.browser().newContext({ locale: 'de-DE' });
    // Simulate a full disk: once switched on, every IndexedDB write fails like a browser at its quota.
    await context.addInitScript(() => {
      const flags = window as unknown as { __storageFull?: boolean };
      for (const method of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
          if (flags.__storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        } as typeof original;
      }
    });
    const page = await context.newPage();
    await page.goto(`${env.server().url}/stations/${encodeURIComponent(round.mrName)}/${today}`);
    await page.getByRole('textbox', { name: first.label, exact: true }).fill(formatDe(first.good));
    await page.locator('input[data-saved="true"]').waitFor({ timeout: 10_000 });

    await page.evaluate(() => ((window as unknown as { __storageFull?: boolean }).__storageFull = true));
    await page.getByRole('textbox', { name: second.label, exact: true }).fill(formatDe(second.good));
    const alert = page.getByTestId('write-error');
    await alert.waitFor({ timeout: 10_000 });
    // the failed value is not acknowledged as saved
    expect(await page.getByRole('textbox', { name: second.label, exact: true }).getAttribute('data-saved')).toBeNull();
    expect(await alert.textContent()).toContain('Der Speicher dieses Geräts ist voll');

    await page.evaluate(() => ((window as unknown as { __storageFull?: boolean }).__storageFull = false));
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: first.label, exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(formatDe(first.good));
    await context.close();
  });
});
