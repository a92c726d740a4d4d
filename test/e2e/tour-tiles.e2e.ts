import { testToday } from '../support/dates';
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, waitForServiceWorker } from './harness';

const today = testToday();
const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  locale: 'de-DE',
};
const ROUND = 'Talsperre Gepatsch Kontrollgang';

/** The map's WebGL canvas as drawn (a page screenshot shows a stale canvas in headless Chromium, docs/tour.md). */
async function saveMapCanvas(page: Page, path: string): Promise<void> {
  const url = await page
    .locator('[data-testid="tour-map"] canvas')
    .evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
  writeFileSync(path, Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

describe('base map tiles prepared for offline', () => {
  const env = serverAndBrowser('e2e-tour-tiles-');
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('prepares the tiles of a stored round with progress and size, then draws them offline from the cache only', async () => {
    const server = env.server();
    const context = await env.browser().newContext({ ...PHONE, serviceWorkers: 'allow' });
    closers.push(() => context.close());
    const page = await context.newPage();
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(`${server.url}/?date=${today}`);
    await page
      .getByRole('link', { name: new RegExp(ROUND) })
      .first()
      .waitFor();
    await waitForServiceWorker(page);

    // store the round on the device
    await page.getByRole('button', { name: `${ROUND} offline nehmen` }).click();
    await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // the stored round says its tiles are missing and what preparing them takes
    await page.goto(`${server.url}/?date=${today}`);
    const item = page.locator(`li[data-instance="${instanceId}"]`);
    await expect
      .poll(() => item.getByTestId('tour-readiness').textContent(), { timeout: 20_000 })
      .toContain('Kartenkacheln: nicht vorbereitet');
    const estimate = (await item.getByTestId('tile-estimate').textContent()) ?? '';
    const count = Number(
      /^([\d.]+) Kartenkacheln \(Zoom 10–17\), etwa [\d,]+ MB$/.exec(estimate)?.[1]?.replace(/\./g, ''),
    );
    expect(count).toBeGreaterThan(50);
    await item.screenshot({ path: 'test-results/tour-tiles-before.png' });

    // prepare: every tile fetched once, the progress bar goes to 100 %
    const tileRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/tiles/')) tileRequests.push(r.url());
    });
    await page.evaluate(() => {
      const w = window as unknown as { maxPercent: number };
      w.maxPercent = 0;
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="tile-progress"] progress');
        w.maxPercent = Math.max(w.maxPercent, Number(p?.getAttribute('data-percent') ?? 0));
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await item.getByRole('button', { name: /^Karte für offline vorbereiten/ }).click();
    await item.getByTestId('tile-progress').waitFor();
    await item.screenshot({ path: 'test-results/tour-tiles-progress.png' }).catch(() => undefined);
    const done = item.getByTestId('tile-done');
    await done.waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { maxPercent: number }).maxPercent)).toBe(100);
    expect(await done.textContent()).toMatch(
      new RegExp(`^Karte offline bereit: ${count.toLocaleString('de-DE')} Kacheln, [\\d,]+ MB\\.$`),
    );
    expect(new Set(tileRequests.filter((u) => !u.includes('/hwe-api/'))).size).toBeGreaterThanOrEqual(count);
    await expect
      .poll(() => item.getByTestId('tour-readiness').textContent())
      .toMatch(new RegExp(`Kartenkacheln: bereit \\(${count.toLocaleString('de-DE')} Kacheln, [\\d,]+ MB\\)`));
    expect(await item.getByTestId('tour-readiness').textContent()).not.toMatch(/Kartenkacheln: (nicht|teilweise)/);
    expect(await item.getByRole('button', { name: /^Karte für offline vorbereiten/ }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/tour-tiles-prepared.png', fullPage: true });
    expect(await page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).length)).toBe(count);

    // online the map draws both configured layers; the WMS layer's tiles come through {bbox-epsg-3857}
    await page.goto(`${server.url}/mobile/${instanceId}?view=map`);
    await page.getByTestId('layer-switcher').waitFor({ timeout: 20_000 });
    const wms = page.waitForResponse(
      (r) => r.url().includes('/tiles/wms?') && /BBOX=-?\d/.test(r.url()) && r.status() === 200,
      { timeout: 20_000 },
    );
    await page.getByRole('radio', { name: 'Demo-Relief (WMS)' }).check();
    await wms;
    await expect.poll(() => page.getByTestId('map-attribution').textContent()).toBe('Demo-WMS, generiert');
    await page.waitForTimeout(1000);
    await saveMapCanvas(page, 'test-results/tour-tiles-map-wms.png');

    // offline: the map draws the prepared tiles from the cache, and no request fails
    await context.setOffline(true);
    const failed: string[] = [];
    const fromCache: string[] = [];
    page.on('requestfailed', (r) => {
      const error = r.failure()?.errorText ?? '';
      // a navigation cancels what the page before it was still loading (its icon): cancelled, not failed; tiles stay strict
      if (error === 'net::ERR_ABORTED' && !r.url().includes('/tiles/')) return;
      failed.push(`${r.url()} ${error}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
      if (r.url().includes('/tiles/') && r.fromServiceWorker()) fromCache.push(r.url());
    });
    await page.reload();
    await page.goto(`${server.url}/mobile/${instanceId}?view=map`);
    const marker = page.locator('[data-testid="tour-map"] button[data-station="2005"]');
    await marker.waitFor({ timeout: 20_000 });
    await expect.poll(() => fromCache.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('map-attribution').waitFor();
    expect(await page.getByTestId('map-no-tiles').count()).toBe(0);
    // let the map settle: every tile it wants is requested by now
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('map-tile-error').count()).toBe(0);
    await saveMapCanvas(page, 'test-results/tour-tiles-map-light.png');
    await page.screenshot({ path: 'test-results/tour-tiles-page-light.png' });
    await page.getByTestId('layer-switcher').screenshot({ path: 'test-results/tour-tiles-switcher-light.png' });

    // the layer switcher by keyboard: the WMS layer was not prepared, which the map says instead of failing
    const tms = page.getByRole('radio', { name: 'Demo-Karte' });
    expect(await tms.isChecked()).toBe(true);
    await tms.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Demo-Relief (WMS)' }).isChecked()).toBe(true);
    await page.getByTestId('map-no-tiles').waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await tms.isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('map-no-tiles').count()).toBe(0);

    // dark mode, still offline
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await marker.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await saveMapCanvas(page, 'test-results/tour-tiles-map-dark.png');
    await page.screenshot({ path: 'test-results/tour-tiles-page-dark.png' });
    await page.getByTestId('layer-switcher').screenshot({ path: 'test-results/tour-tiles-switcher-dark.png' });

    // a station chosen on the map opens its input
    await marker.click();
    await page.getByTestId('map-selection').getByRole('button', { name: 'Werte erfassen' }).click();
    await expect.poll(() => page.getByTestId('station-title').textContent()).toContain('2005');
    expect(failed).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((e) => /tile|map|png/i.test(e))).toEqual([]);
  });
});
