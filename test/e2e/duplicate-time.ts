import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { answerWithChangedJson, type TestServer } from './harness';

/** A table's value or time field by its exact label. */
export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Types a value as a user does and waits until the table stored it. */
export async function typeValue(page: Page, label: string, text: string): Promise<void> {
  await field(page, label).click();
  await field(page, label).pressSequentially(text, { delay: 20 });
  await expect.poll(() => field(page, label).getAttribute('data-saved'), { timeout: 10_000 }).toBe('true');
}

/** On the dam round's table: a copy of Lot L1 (§5 station duplication) at `time` (HHmm as typed). */
export async function copyLotL1(page: Page, time: string): Promise<void> {
  await page
    .locator('tr[data-tsid="2201-DX"]')
    .getByRole('button', { name: /duplizieren$/ })
    .click();
  await page.getByRole('textbox', { name: /^Uhrzeit der Kopie von/ }).pressSequentially(time, { delay: 20 });
  await page.keyboard.press('Enter');
}

/**
 * On the dam round's table: a value of Lot L1 DX and a copy of the station (§5) whose time is then typed over to
 * the original's (12:00), two values of one series at one time, which the device lets through and the server
 * refuses with duplicate-time {tsId, dt}.
 */
export async function typeTwoValuesAtOneTime(page: Page): Promise<void> {
  await typeValue(page, 'Lot L1 2201 DX', '3,5');
  await copyLotL1(page, '0730');
  await typeValue(page, 'Lot L1 2201 DX Kopie 1', '4');
  const copyTime = field(page, 'Lot L1 2201 DX Kopie 1 Uhrzeit');
  await copyTime.click();
  await page.keyboard.press('Control+A');
  await copyTime.pressSequentially('1200', { delay: 20 });
  await page.keyboard.press('Tab');
  await page.waitForTimeout(500);
}

/**
 * The device keeps its own copy of Lot L1 DX's unit (`tsUnit` as the server has it now) in every round it pulls
 * through `target` (a page or a whole context). A test then makes the series a yes/no code on the server, a
 * refusal the device cannot foresee: pulled, the changed series would make the value a yes/no choice on the
 * device too, which the submission rules would check before sending. Remove the route (`unrouteAll` with
 * `ignoreErrors`) before the page or context closes: a pull still under way must not end in its handler.
 */
export async function keepDeviceUnit(target: Page | BrowserContext, db: TestServer['db']): Promise<void> {
  const [stored] = await db.query<{ unit: string | null }>(
    `select definition->>'tsUnit' as unit from round_entry where ts_id = '2201-DX'`,
  );
  const unit = stored?.unit ?? undefined; // none stored: the key is dropped, as the device first saw it
  const keepUnit = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(keepUnit)
      : node !== null && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node).map(([k, x]) => [
              k,
              k === 'tsUnit' && (node as { tsId?: string }).tsId === '2201-DX' ? unit : keepUnit(x),
            ]),
          )
        : node;
  await target.route('**/hwe-api/v2/measure-round/*', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    return answerWithChangedJson(route, keepUnit);
  });
}
