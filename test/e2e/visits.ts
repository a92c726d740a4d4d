import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import type { MeasureRound } from '../../schemas/api';
import { api, tableUrl, watchErrors, type TestServer } from './harness';
import { isPlainNumeric, usualValue, type PickedEntry } from './rounds';

/**
 * Editable value fields: while a table reads its stored values every field is read-only and drops keys by design
 * (`StoredStateGate`), so a test types only once one takes keys.
 */
export const EDITABLE_VALUE = 'input[data-value-input]:not(:disabled):not([readonly])';

/**
 * Opens a round's table in a page of a device that has the app already (a reload-sized load, not a first visit),
 * and waits until its fields take keys.
 */
export async function gotoTable(page: Page, server: TestServer, roundName: string): Promise<void> {
  await page.goto(tableUrl(server, roundName));
  await page.locator(EDITABLE_VALUE).first().waitFor({ timeout: 60_000 });
}

/**
 * One device (browser context and page) shared by the tests of a describe block that need no fresh device of
 * their own: a first visit (pull of rounds and history, service worker) costs seconds, so it is paid once.
 * Created on first use, closed after the block; `errors` collects the page's uncaught errors from the start.
 */
export function sharedDevice(
  browser: () => Browser,
  options: Parameters<Browser['newContext']>[0] = { locale: 'de-DE' },
): () => Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  let device: Promise<{ context: BrowserContext; page: Page; errors: string[] }> | undefined;
  afterAll(async () => {
    if (device) await (await device).context.close().catch(() => undefined);
  });
  return () => {
    device ??= (async () => {
      const context = await browser().newContext(options);
      const page = await context.newPage();
      return { context, page, errors: watchErrors(page) };
    })();
    return device;
  };
}

/**
 * A round other than those named, with a plain numeric entry (its first): for a test on a shared device that must
 * not meet a round an earlier test sent or typed into there.
 */
export async function pickOtherRound(
  server: TestServer,
  exclude: readonly string[],
): Promise<{ round: MeasureRound; picked: PickedEntry }> {
  const list = await api<{ mrId: string; mrName: string }[]>(server, '/measure-round');
  for (const summary of list.filter((r) => !exclude.includes(r.mrName))) {
    const round = await api<MeasureRound>(server, `/measure-round/${encodeURIComponent(summary.mrId)}`);
    const entry = round.entries.find(isPlainNumeric);
    if (entry) {
      const label = `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`;
      return { round, picked: { entry, label, good: usualValue(entry, 0) } };
    }
  }
  throw new Error(`no round but ${exclude.join(', ')} with a numeric entry`);
}
