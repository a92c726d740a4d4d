import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, watchErrors } from './harness';

const today = new Date().toISOString().slice(0, 10);
const ROUND = 'Talsperre Gepatsch Kontrollgang';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'de-DE' };

// Rows 4, 5 and 9 of issue 32, one server and browser for all (CI time).
describe('the last rows of the specification', () => {
  const env = serverAndBrowser('e2e-spec-last-rows-');

  it('expands and collapses all measure rounds of the permission grid, by keyboard (§2)', async () => {
    // a fresh server has no users besides the demo admin: two with rights, so the grid has rows
    await env.server().db.query("insert into app_user (username) values ('olga'), ('rudi')");
    await env
      .server()
      .db.query(
        "insert into permission (username, mr_id, role) values ('olga', '2', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1')",
      );
    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // as an administrator gets there: the link appears once the server said who is logged in
    await page.goto(`${env.server().url}/`);
    const link = page.getByRole('link', { name: 'Berechtigungen' });
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    const grid = page.getByTestId('permission-grid');
    await page.getByTestId('select-all-hint').waitFor({ timeout: 60_000 });
    await expect.poll(() => grid.locator('input[type="checkbox"]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const checkboxes = await grid.getByRole('checkbox').count();
    expect(checkboxes).toBeGreaterThan(0);

    // keyboard: focus "collapse all" and press Enter
    const collapseAll = page.getByRole('button', { name: 'Alle einklappen' });
    await collapseAll.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('checkbox').count()).toBe(0);
    const cells = grid.getByTestId('collapsed-cell');
    expect(await cells.count()).toBeGreaterThan(0);
    expect(await cells.first().textContent()).toMatch(/^\d+ von 3$/);
    expect(await collapseAll.isDisabled()).toBe(true);

    // one round opened by its own toggle (named, aria-expanded), by keyboard too
    const toggle = grid.getByRole('button', { name: / ausklappen$/ }).first();
    const name = ((await toggle.getAttribute('aria-label')) ?? '').replace(/ ausklappen$/, '');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('checkbox').count()).toBeGreaterThan(0);
    expect(await grid.getByRole('checkbox').first().getAttribute('aria-label')).toContain(name);
    expect(await grid.getByRole('button', { name: `${name} einklappen` }).getAttribute('aria-expanded')).toBe('true');

    const expandAll = page.getByRole('button', { name: 'Alle ausklappen' });
    await expandAll.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('checkbox').count()).toBe(checkboxes);
    expect(await grid.getByTestId('collapsed-cell').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the default map layer (§9) when the config has no map layers', async () => {
    const server = env.server();
    await server.db.query(`update reference_data set data = jsonb_set(data, '{mapLayers}', '[]') where key = 'config'`);
    // the test machine has no internet: the default tile source is answered here, and every tile asked for is counted
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#9fc5e8' } })
      .png()
      .toBuffer();
    const context = await env.browser().newContext({ ...PHONE, serviceWorkers: 'block' });
    const tiles: string[] = [];
    await context.route('https://tile.openstreetmap.org/**', async (route) => {
      tiles.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'image/png', body: png });
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('button', { name: `${ROUND} offline nehmen` }).click({ timeout: 60_000 });
    await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.goto(`${server.url}/mobile/${instanceId}?view=map`);
    await page.locator('[data-testid="tour-map"] canvas').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('map-attribution').textContent(), { timeout: 20_000 })
      .toBe('© OpenStreetMap contributors');
    await expect.poll(() => tiles.length, { timeout: 20_000 }).toBeGreaterThan(0);
    // XYZ tiles of the default source, never deeper than its native zoom 19
    for (const url of tiles) {
      const m = /^https:\/\/tile\.openstreetmap\.org\/(\d+)\/\d+\/\d+\.png$/.exec(url);
      expect(m, url).not.toBeNull();
      expect(Number(m?.[1])).toBeLessThanOrEqual(19);
    }
    // one layer: no switcher; the map says nothing is missing online
    expect(await page.getByTestId('layer-switcher').count()).toBe(0);
    expect(await page.getByTestId('map-tile-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's name, revision and copyright on the about page (§3 server info)", async () => {
    const context = await env.browser().newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${env.server().url}/about`);
    await page.locator('#locale-select').selectOption('en');
    await expect
      .poll(() => page.getByTestId('server-name').textContent(), { timeout: 30_000 })
      .toBe('hydro-rounds reference server');
    expect(await page.getByTestId('server-copyright').textContent()).toBe('© hydro-rounds');
    expect(((await page.getByTestId('server-revision').textContent()) ?? '').length).toBeGreaterThan(0);
    await context.close();
  });
});
