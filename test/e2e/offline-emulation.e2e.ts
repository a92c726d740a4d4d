import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_SHELL } from './browsers';
import { CHROMIUM_ARGS } from './harness';

/**
 * The harness's offline emulation (offline-emulation.ts): a document loaded while the context is offline reads
 * `navigator.onLine` false from its first script on, and hears `online` when the context goes online again. Debian's
 * Chromium 150 alone gave `true` in such a document, and the offline tests of the tour and the archive failed on it.
 */
/** The page's first script notes what it read, before any test code could run, and what it heard after. */
const PAGE = `<script>
  window.seen = [navigator.onLine];
  addEventListener('online', () => window.seen.push('online:' + navigator.onLine));
  addEventListener('offline', () => window.seen.push('offline:' + navigator.onLine));
</script>`;

const seen = () => (window as unknown as { seen: unknown[] }).seen;

describe('offline emulation of the e2e harness', () => {
  let server: Server;
  let url = '';
  let browser: Browser;
  beforeAll(async () => {
    server = createServer((_, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(PAGE);
    }).listen(0);
    url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser.close();
    server.close();
  });

  it('a document loaded while offline starts offline and hears when the network is back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await context.setOffline(true);
    // a document loaded before going offline is told by Chromium itself
    await expect.poll(() => page.evaluate(seen)).toEqual([true, 'offline:false']);

    // the page served while offline (as the service worker serves the app): the network is off, the document knows it
    await page.route(url, (route) => route.fulfill({ body: PAGE, contentType: 'text/html' }));
    await page.goto(url);
    expect(await page.evaluate(seen)).toEqual([false]);
    expect(
      await page.evaluate(() =>
        fetch('/x').then(
          () => 'fetched',
          () => 'failed',
        ),
      ),
    ).toBe('failed');

    await context.setOffline(false);
    await expect.poll(() => page.evaluate(seen)).toEqual([false, 'online:true']);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await context.close();
  });

  it('a context made offline starts every document offline', async () => {
    const context = await browser.newContext({ offline: true });
    const page = await context.newPage();
    await page.route(url, (route) => route.fulfill({ body: PAGE, contentType: 'text/html' }));
    await page.goto(url);
    expect(await page.evaluate(seen)).toEqual([false]);
    await context.close();
  });
});
