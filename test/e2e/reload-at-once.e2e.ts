import { describe, expect, it } from 'vitest';
import { serverAndBrowser, tableUrl, watchErrors } from './harness';
import { formatDe, pickNumericEntries } from './rounds';

/**
 * Nobody loses a reading: a key typed and the page gone at once (a reload, the phone closing the app) before the
 * write reached IndexedDB. Before the keystroke journal (src/db/keystroke-journal.ts) 3 of 6 such edits were gone
 * after the reload (bench/reload-after-edit.ts); the journal notes each key synchronously and the next start
 * writes what the page did not.
 */
describe('a value typed right before the page reloads', () => {
  const env = serverAndBrowser('e2e-reload-at-once-');

  it('is shown and stored after the reload, edit after edit, at 4× slower CPU', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 1);
    const [p] = picked;
    if (!p) throw new Error('no entry');
    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(tableUrl(server, round.mrName));
      // the field takes keys once the stored values are read (until then it is read-only)
      const field = page.locator(`input[data-value-input][aria-label="${p.label}"]:not([readonly])`);
      const typed = [p.good, p.good + 1, p.good + 2, p.good + 3].map((n) => formatDe(n));
      for (const text of typed) {
        await field.click();
        await field.press('ControlOrMeta+a');
        await field.pressSequentially(text, { delay: 15 });
        await page.reload(); // at once: no wait for the "saved" mark
        await expect.poll(() => field.inputValue(), { timeout: 30_000 }).toBe(text);
      }
      // and what the field shows is what is stored: a fresh context on the same device shows it too
      const again = await context.newPage();
      await again.goto(tableUrl(server, round.mrName));
      const shown = again.locator(`input[data-value-input][aria-label="${p.label}"]:not([readonly])`);
      await expect.poll(() => shown.inputValue(), { timeout: 30_000 }).toBe(typed.at(-1));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
