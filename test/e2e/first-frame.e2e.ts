import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testToday } from '../support/dates';
import { ANDROID_PHONE, serverAndBrowser, tableUrl, watchErrors } from './harness';

const today = testToday();
const ROUND = 'Talsperre Gepatsch Kontrollgang';

/** A first visit whose app code never arrives (a slow link, frozen): what the page paints from its HTML alone. */
async function frameAlone(context: BrowserContext, url: string): Promise<Page> {
  await context.route(/\/assets\/index-[^/]+\.js$/, () => undefined);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('[data-first-frame]').waitFor({ timeout: 30_000 });
  return page;
}

describe('the first frame (the page before the app has loaded)', () => {
  const env = serverAndBrowser('e2e-first-frame-');

  it('shows the start page heading and hint before the app code arrives, and the app then draws them in the same place', async () => {
    const waiting = await env.browser().newContext(ANDROID_PHONE);
    const frame = await frameAlone(waiting, `${env.server().url}/?date=${today}`);
    const frameHeading = frame.locator('[data-first-frame] h1');
    expect(await frameHeading.textContent()).toBe('Messrunde wählen');
    expect(await frame.locator('[data-first-frame]').textContent()).toContain('Büro: jetzt in der Tabelle erfassen');
    // nothing to press before the app can act on it, and only a "loading" for assistive technology
    expect(
      await frame.locator('[data-first-frame] button, [data-first-frame] a, [data-first-frame] input').count(),
    ).toBe(0);
    expect(await frame.getByRole('heading').count()).toBe(0);
    expect(await frame.getByRole('status').textContent()).toBe('Wird geladen…');
    const frameBox = await frameHeading.boundingBox();
    const frameHint = await frame.locator('[data-first-frame] p').last().boundingBox();
    await waiting.close();

    const context = await env.browser().newContext(ANDROID_PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server().url}/?date=${today}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Messrunde wählen' });
    await heading.waitFor({ timeout: 30_000 });
    // the app replaced the frame: one heading, no preview left behind
    expect(await page.locator('[data-first-frame]').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    // in the place the frame showed them: nothing jumps when the app takes over
    expect((await heading.boundingBox())?.y).toBeCloseTo(frameBox?.y ?? -1, 0);
    expect((await page.getByTestId('round-actions-hint').boundingBox())?.y).toBeCloseTo(frameHint?.y ?? -1, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a round table's name and date from the address, in the language and theme this device chose", async () => {
    const context = await env.browser().newContext(ANDROID_PHONE);
    await context.addInitScript(() => {
      localStorage.setItem('hydrorounds.locale', 'en');
      localStorage.setItem('hydrorounds.theme', 'dark');
    });
    const page = await frameAlone(context, tableUrl(env.server(), ROUND));
    const [y, m, d] = today.split('-');
    expect(await page.locator('[data-first-frame] h1').textContent()).toBe(`${ROUND} · ${d}/${m}/${y}`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // the page's own background is dark from the first paint (no light flash for a dark-mode user)
    const background = await page.locator('[data-first-frame]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await context.close();
  });

  it("after the field's mode is chosen, the next start's frame leaves the place of the stored tours free", async () => {
    const context = await env.browser().newContext(ANDROID_PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server().url}/config`);
    await page.getByRole('radio', { name: /^Außendienst/ }).check({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    // as a user does: on once the page says it saved (a reload before the write ended could lose the setting)
    await page.getByTestId('settings-notice').waitFor();
    await page.goto(`${env.server().url}/?date=${today}`);
    // the field's start page: the stored tours come before the hint
    await page.getByTestId('round-actions-hint').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hydrorounds.startLayout'))).toBe('field');
    await page.close();
    // the next start on this device, its code held back: the heading and no hint where the tours will be
    const next = await frameAlone(context, `${env.server().url}/?date=${today}`);
    expect(await next.locator('[data-first-frame] h1').textContent()).toBe('Messrunde wählen');
    expect(await next.locator('[data-first-frame]').textContent()).not.toContain('Büro:');
    await context.close();
  });
});
