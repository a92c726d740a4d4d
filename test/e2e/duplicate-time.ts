import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
