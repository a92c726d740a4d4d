import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { testEndpoint } from '../../server/http/faults';
import {
  openNavLink,
  serverAndBrowser,
  settledScrollY,
  submitRound,
  waitForServiceWorker,
  watchErrors,
  type TestServer,
} from './harness';

/** Issue 32: a user who follows a link, a toast or a shortcut lands on the round and the date they meant. */

const SPRINGS = 'Quellen Kaunertal';
const vienna = () => DateTime.now().setZone('Europe/Vienna');

/** A submission posted as another device would, `hoursAgo` apart so no two share a time of one series. */
async function postRound(server: TestServer, hoursAgo: number): Promise<string> {
  const instanceId = crypto.randomUUID();
  const dt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const res = await fetch(`${server.url}/hwe-api/v2/measure-round/2`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      instanceId,
      creationTime: dt,
      mrTeam: `Team ${hoursAgo}`,
      entries: [{ tsId: '3001-WT', staNumber: '3001', value: 6.5, dt }],
    }),
  });
  // the reference server answers 200 with the stored round, a spec-only one may answer 204
  expect(res.ok).toBe(true);
  return instanceId;
}

/** The list pull of the archive fails: every round is one the pulled pages did not bring. */
const failArchiveList = (server: TestServer) =>
  testEndpoint(server, 'faults', {
    method: 'POST',
    body: JSON.stringify({ method: 'GET', pathPattern: '/completed-measure-round$', status: 500, times: 1000 }),
  });

async function deepLinkOpensRound(env: ReturnType<typeof serverAndBrowser>): Promise<void> {
  const server = env.server();
  const instanceId = await postRound(server, 30);
  await failArchiveList(server);
  const context = await env.browser().newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await waitForServiceWorker(page);

    // offline: said plainly, with the promise that it loads once online
    await context.setOffline(true);
    await page.goto(`${server.url}/archive/${instanceId}`);
    const missing = page.getByTestId('archive-round-missing');
    await missing.waitFor({ timeout: 30_000 });
    expect(await missing.textContent()).toContain(
      'Diese abgeschlossene Messrunde ist nicht auf diesem Gerät. Sie wird vom Server geladen, sobald das Gerät online ist.',
    );
    expect(await page.getByRole('heading', { name: SPRINGS }).count()).toBe(0);

    // back online: loaded on demand and shown from the device's database
    await context.setOffline(false);
    await page.getByRole('heading', { name: SPRINGS, level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('table', { name: 'Einträge' }).textContent()).toContain('6,5');
    const log = (await testEndpoint(server, 'requests').then((r) => r.json())) as { method: string; path: string }[];
    expect(log.some((r) => r.method === 'GET' && r.path.endsWith(`/completed-measure-round/${instanceId}`))).toBe(true);
    // and it stays on the device: offline again, a reload still shows it
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: SPRINGS, level: 1 }).waitFor({ timeout: 30_000 });
    await context.setOffline(false);

    // a link to a round the server does not know says so, instead of waiting forever
    await page.goto(`${server.url}/archive/${crypto.randomUUID()}`);
    await expect
      .poll(() => missing.textContent(), { timeout: 30_000 })
      .toContain('Der Server kennt keine abgeschlossene Messrunde mit diesem Link');
    expect(errors).toEqual([]);
  } finally {
    await testEndpoint(server, 'faults', { method: 'DELETE' });
    await context.close();
  }
}

describe('links and toasts land on the round meant', () => {
  const env = serverAndBrowser('e2e-landing-spots-');

  it('a deep link to an archived round the pull did not bring opens it online, and says offline it is not on the device', () =>
    deepLinkOpensRound(env));

  it('the archive keeps the rounds ticked for the report and its scroll position after opening one round', async () => {
    const server = env.server();
    for (let i = 0; i < 24; i++) await postRound(server, 2 + i);
    const context = await env.browser().newContext({ locale: 'de-DE', viewport: { width: 1280, height: 600 } });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.url}/archive`);
      const table = page.getByRole('table', { name: 'Abgeschlossene Messrunden' });
      const rows = table.getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
      const boxes = table.getByRole('checkbox', { name: `${SPRINGS} für den Bericht auswählen` });
      await boxes.nth(1).check();
      await boxes.nth(20).check();
      const target = rows.nth(21);
      await target.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      // the wheel scrolls smoothly: read the position once it has come to rest, not mid-animation
      const scrolled = await settledScrollY(page);

      // open a round by its link, come back by the back link
      await target.getByRole('link', { name: SPRINGS }).click();
      await page.getByRole('heading', { name: SPRINGS, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Zurück zum Archiv' }).click();
      await expect.poll(() => boxes.nth(20).isChecked(), { timeout: 20_000 }).toBe(true);
      expect(await boxes.nth(1).isChecked()).toBe(true);
      expect(await boxes.nth(0).isChecked()).toBe(false);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(scrolled, -1);
      expect(await page.getByRole('link', { name: 'Bericht über 2 ausgewählte Runden' }).count()).toBe(1);

      // and by the browser's back button
      await rows.nth(21).getByRole('link', { name: SPRINGS }).click();
      await page.getByRole('heading', { name: SPRINGS, level: 1 }).waitFor();
      await page.goBack();
      await expect.poll(() => boxes.nth(20).isChecked(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(scrolled, -1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the stored rounds follow the chosen date, other dates are linked, and g h keeps the date', async () => {
    const server = env.server();
    const yesterday = vienna().minus({ days: 1 }).toISODate() ?? '';
    const today = vienna().toISODate() ?? '';
    const context = await env.browser().newContext({ locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.url}/?date=${yesterday}`);
      await page.getByRole('button', { name: `${SPRINGS} offline nehmen` }).click();
      await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
      await page.waitForURL(/\/mobile\//);

      // today: the round of yesterday is not listed as today's, but named with its date
      await page.goto(`${server.url}/?date=${today}`);
      await page.getByTestId('no-stored-tours-on-date').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('list', { name: 'Gespeicherte Messrunden' }).count()).toBe(0);
      const other = page.getByTestId('stored-other-dates');
      const day = DateTime.fromISO(yesterday).toFormat('dd.MM.yyyy');
      await other.getByRole('link', { name: `${day} (1 Runde)` }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(yesterday);
      const stored = page.getByRole('list', { name: 'Gespeicherte Messrunden' });
      await stored.waitFor();
      expect(await stored.getByRole('link').first().textContent()).toContain(SPRINGS);
      expect(await page.getByTestId('stored-other-dates').count()).toBe(0);

      // g h from the table of that date comes home to the same date
      await page.goto(`${server.url}/stations/${encodeURIComponent(SPRINGS)}/${yesterday}`);
      await page.getByRole('button', { name: 'Absenden', exact: true }).waitFor({ timeout: 30_000 });
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('g');
      await page.keyboard.press('h');
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).searchParams.get('date')).toBe(yesterday);
      await page.getByRole('list', { name: 'Gespeicherte Messrunden' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a tour that fails while the user is elsewhere: the toast opens the tour, not an empty table', async () => {
    const server = env.server();
    const yesterday = vienna().minus({ days: 1 }).toISODate() ?? '';
    const context = await env.browser().newContext({ locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.url}/?date=${yesterday}`);
      await waitForServiceWorker(page);
      await page.getByRole('button', { name: `${SPRINGS} offline nehmen` }).click();
      await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
      await page.waitForURL(/\/mobile\//);
      const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.locator('li[data-station="3006"] button').click();
      await page.getByRole('textbox', { name: 'Quelle Wolfskehr 3006 LF', exact: true }).pressSequentially('250', {
        delay: 20,
      });
      await page.locator('[data-tsid="3006-LF"] input[data-saved="true"]').first().waitFor({ timeout: 10_000 });

      // sent offline: it waits; the user goes to the group selection meanwhile
      await context.setOffline(true);
      await page.getByRole('link', { name: 'Übersicht' }).click();
      await submitRound(page);
      // on the tour the way home is in the navbar's menu
      await openNavLink(page, 'Start: Gruppe wählen');
      await page.waitForURL((url) => url.pathname === '/');
      // both attempts (the first and the retry after 5 s) fail on the server
      await testEndpoint(server, 'faults', {
        method: 'POST',
        body: JSON.stringify({ method: 'POST', pathPattern: '/measure-round/[^/]+$', status: 500, times: 2 }),
      });
      await context.setOffline(false);

      const toast = page.getByTestId('submission-toast-error');
      await toast.waitFor({ timeout: 40_000 });
      expect(await toast.textContent()).toContain(`Messrunde ${SPRINGS}`);
      await toast.getByRole('link', { name: 'Messrunde öffnen' }).click();
      await page.waitForURL((url) => url.pathname === `/mobile/${instanceId}`);
      await toast.waitFor({ state: 'hidden' });
      // the tour with the reading typed, not an empty table of another instance
      await page.getByRole('link', { name: 'Stationen', exact: true }).click();
      await page.locator('li[data-station="3006"] button').click();
      expect(await page.getByRole('textbox', { name: 'Quelle Wolfskehr 3006 LF', exact: true }).inputValue()).toBe(
        '250',
      );
      expect(errors).toEqual([]);
    } finally {
      await testEndpoint(server, 'faults', { method: 'DELETE' });
      await context.close();
    }
  });
});

describe('links land on the round meant, against a spec-only server', () => {
  const env = serverAndBrowser('e2e-landing-spots-spec-', { apiProfile: 'spec' });

  it('a deep link to an archived round the pull did not bring opens it online, and says offline it is not on the device', () =>
    deepLinkOpensRound(env));
});
