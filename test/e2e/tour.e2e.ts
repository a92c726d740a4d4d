import { calendarDateOf, testDaysAgo, testToday } from '../support/dates';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoricValueList, MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import {
  ANDROID_PHONE,
  api,
  CHROMIUM_ARGS,
  HEADLESS_SHELL,
  countRoundPosts,
  startTestServer,
  submitRound,
  tempDir,
  watchErrors,
  type TestServer,
  waitForServiceWorker,
} from './harness';
import { formatDe, usualValue } from './rounds';
import { gpxSchemaErrors } from '../support/validate-gpx';
import { addPhoto, jpeg } from './photo';

const today = testToday();
/** A phone (§9: Android user agents get the native camera capture). */
const PHONE = {
  ...ANDROID_PHONE,
  permissions: ['geolocation'],
  geolocation: { latitude: 47.0412, longitude: 10.7433 },
};

interface Picked {
  entry: MeasureRoundEntry;
  label: string;
  text: string;
  value: number;
}

/** The first plain numeric entry with a plausibility range of three different stations of one demo round. */
async function pickThreeStations(server: TestServer): Promise<{ round: MeasureRound; picked: Picked[] }> {
  const list = await api<{ mrId: string }[]>(server, '/measure-round');
  for (const summary of list) {
    const round = await api<MeasureRound>(server, `/measure-round/${encodeURIComponent(summary.mrId)}`);
    const byStation = new Map<string, MeasureRoundEntry>();
    for (const e of round.entries) {
      const numeric =
        !e.tsFormula &&
        !/^\d+-null$/.test(e.tsId) &&
        e.tsPlausibilityCheck?.min !== undefined &&
        e.tsPlausibilityCheck.max !== undefined &&
        !['l/s', 'l/min', 'nein/ja', 'nein/unverändert/Ereignis'].includes(e.tsUnit ?? '') &&
        e.tsParameter !== 'SWW';
      if (numeric && !byStation.has(e.staNumber)) byStation.set(e.staNumber, e);
    }
    if (byStation.size >= 3) {
      const picked = [...byStation.values()].slice(0, 3).map((entry, i) => {
        const value = usualValue(entry, i);
        return {
          entry,
          label: `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`,
          text: formatDe(value),
          value,
        };
      });
      return { round, picked };
    }
  }
  throw new Error('no demo round with three stations of numeric entries');
}

const openPhone = (profile: string) =>
  chromium.launchPersistentContext(profile, {
    executablePath: HEADLESS_SHELL,
    headless: true,
    args: CHROMIUM_ARGS,
    ...PHONE,
  });

describe('outdoor tour on a phone', () => {
  const data = tempDir('e2e-tour-data-');
  const profile = tempDir('e2e-tour-profile-');
  let server: TestServer;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startTestServer(data.path);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    data.remove();
    profile.remove();
  });

  it('in mode 2 the group selection offers taking a round offline first and says when none is stored', async () => {
    const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ ...PHONE, permissions: undefined, geolocation: undefined });
      const errors = watchErrors(page);
      await page.goto(`${server.url}/config`);
      await page.getByRole('radio', { name: /^Außendienst/ }).check();
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await page.getByTestId('settings-notice').waitFor();
      await page.goto(`${server.url}/`);
      // §8 groups not stored offline: said, not an empty page
      await page.getByTestId('no-stored-tours').waitFor();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: /offline nehmen$/ }) })
        .first();
      await card.waitFor();
      // the first control of a round is "take offline", the table comes after it
      const first = card.locator('button, a').first();
      expect(await first.textContent()).toBe('Offline nehmen (für den Außendienst)');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('stores a round, walks three stations offline with a located photo, survives a restart and sends everything once', async () => {
    const { round, picked } = await pickThreeStations(server);
    const [a, b, c] = picked;
    if (!a || !b || !c) throw new Error('three entries expected');
    const port = server.port;
    context = await openPhone(profile.path);
    let page = context.pages()[0] ?? (await context.newPage());
    let errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    await page
      .getByRole('link', { name: new RegExp(round.mrName) })
      .first()
      .waitFor();
    await waitForServiceWorker(page);

    // take the round offline with a team and a remark
    await page.getByRole('button', { name: `${round.mrName} offline nehmen` }).click();
    const dialog = page.getByTestId('store-tour-dialog');
    await dialog.getByLabel('Team').pressSequentially('Team Nord', { delay: 20 });
    await dialog.getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    const instanceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(instanceId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor();

    // from now on no network and no server; the app comes from the service worker
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/tour-list.png' });

    // station 1 from the list, stations 2 and 3 from the list again
    for (const p of [a, b]) {
      await page.getByRole('link', { name: 'Stationen', exact: true }).click();
      await page.locator(`li[data-station="${p.entry.staNumber}"] button`).click();
      await expect.poll(() => page.getByTestId('station-title').textContent()).toContain(p.entry.staName);
      const input = page.getByRole('textbox', { name: p.label, exact: true });
      await input.pressSequentially(p.text, { delay: 20 });
      await page.locator(`[data-tsid="${p.entry.tsId}"] input[data-saved="true"]`).first().waitFor({ timeout: 10_000 });
    }
    await page.screenshot({ path: 'test-results/tour-input.png', fullPage: true });

    // a photo at station 2: resized, stored, and its position written into the remark
    const photo = await jpeg(3000, 2000, '#4477aa', 90);
    await addPhoto(page, b, photo, 'station.jpg');
    const remark = page.getByRole('combobox', { name: `${b.label} Bemerkung` });
    await expect.poll(() => remark.inputValue(), { timeout: 20_000 }).toBe('geo:47.041200,10.743300');

    // the browser is closed mid-tour and started again, still offline
    await context.close();
    context = await openPhone(profile.path);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    errors = watchErrors(page);
    await page.goto(`${server.url}/mobile/${instanceId}?view=list`);
    await page.locator(`li[data-station="${a.entry.staNumber}"][data-complete="true"]`).waitFor({ timeout: 20_000 });
    await page.locator(`li[data-station="${b.entry.staNumber}"][data-complete="true"]`).waitFor();

    // the map works on the stored data alone: markers coloured by completion, nothing fetched and failed
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.getByRole('link', { name: 'Karte', exact: true }).click();
    const markerB = page.locator(`[data-testid="tour-map"] button[data-station="${b.entry.staNumber}"]`);
    await markerB.waitFor({ timeout: 20_000 });
    expect(await markerB.getAttribute('data-complete')).toBe('true');
    expect(
      await page
        .locator(`[data-testid="tour-map"] button[data-station="${c.entry.staNumber}"]`)
        .getAttribute('data-complete'),
    ).toBe('false');
    await page.getByTestId('my-position').waitFor();
    // no two (round, 32 px) station markers overlap on the phone (near ones are spread around their place, with a hint on the map)
    const boxes = await page
      .locator('[data-testid="tour-map"] button[data-station]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map(({ x, y }) => ({ x, y })));
    expect(boxes.length).toBeGreaterThan(2);
    const overlapping = boxes.filter((a, i) => boxes.some((b, j) => j !== i && Math.hypot(a.x - b.x, a.y - b.y) < 32));
    expect(overlapping).toEqual([]);
    if ((await page.locator('[data-testid="tour-map"] button[data-spread]').count()) > 0) {
      expect(await page.getByTestId('map-overlap-hint').isVisible()).toBe(true);
      expect(await page.getByTestId('spread-centre').count()).toBeGreaterThan(0);
    }
    await page.screenshot({ path: 'test-results/tour-map.png' });
    await markerB.click();
    await page.getByTestId('map-selection').getByRole('button', { name: 'Werte erfassen' }).click();
    expect(failed).toEqual([]);

    // station 3 through "next" from station 2 (chosen on the map), where everything typed before the restart is still there
    await expect.poll(() => page.getByTestId('station-title').textContent()).toContain(b.entry.staName);
    expect(await page.getByRole('textbox', { name: b.label, exact: true }).inputValue()).toBe(b.text);
    expect(await page.getByRole('combobox', { name: `${b.label} Bemerkung` }).inputValue()).toBe(
      'geo:47.041200,10.743300',
    );
    while (!((await page.getByTestId('station-title').textContent()) ?? '').includes(c.entry.staName)) {
      await page
        .getByRole('button', { name: /^Nächste Station/ })
        .first()
        .click();
    }
    await page.getByRole('textbox', { name: c.label, exact: true }).pressSequentially(c.text, { delay: 20 });
    await page.locator(`[data-tsid="${c.entry.tsId}"] input[data-saved="true"]`).first().waitFor({ timeout: 10_000 });
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: c.label, exact: true }).inputValue(), { timeout: 20_000 })
      .toBe(c.text);

    // metadata and overview screens work offline too
    await page.getByRole('link', { name: 'Stationsdaten' }).click();
    await page.getByText('Stationsnummer').waitFor();
    await page.screenshot({ path: 'test-results/tour-metadata.png', fullPage: true });
    await page.getByRole('link', { name: 'Übersicht' }).click();
    await expect
      .poll(() => page.getByTestId('tour-summary').textContent())
      .toMatch(/^3 von \d+ Stationen vollständig$/);
    await page.screenshot({ path: 'test-results/tour-overview.png', fullPage: true });
    // the GPX is built on the device: the round's stations with locations, offline
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'GPX herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.gpx$/);
    const gpx = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx).toContain(`<cmt>${a.entry.staNumber}</cmt>`);
    expect(gpxSchemaErrors(gpx)).toBe('');

    // back online: submitted from the overview through the prompts (the tour is incomplete)
    server = await startTestServer(data.path, port);
    await context.setOffline(false);
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    await page.getByTestId('tour-sent').waitFor();
    expect(await page.getByRole('textbox', { name: c.label, exact: true }).count()).toBe(0);

    for (const p of picked) {
      const { values } = await api<HistoricValueList>(
        server,
        `/timeseries-values?tsId=${encodeURIComponent(p.entry.tsId)}`,
      );
      expect(values.filter((v) => calendarDateOf(v.dt) === today && v.value === p.value)).toHaveLength(1);
    }
    expect(await countRoundPosts(server)).toBe(1);
    const [submission, ...more] = await server.db.query<{
      body: {
        instanceId: string;
        mrTeam?: string;
        entries: { tsId: string; tsRemark?: { text?: string; images?: string[] } }[];
      };
    }>('select body from submission');
    expect(more).toHaveLength(0);
    expect(submission?.body.instanceId).toBe(instanceId);
    expect(submission?.body.mrTeam).toBe('Team Nord');
    const withPhoto = submission?.body.entries.find((e) => e.tsId === b.entry.tsId);
    expect(withPhoto?.tsRemark?.text).toBe('geo:47.041200,10.743300');
    const images = await server.db.query<{ image_id: string }>('select image_id from image');
    expect(images.map((i) => i.image_id)).toEqual(withPhoto?.tsRemark?.images);
    expect(errors).toEqual([]);

    // §8 offline group not existing: an unknown instance says so instead of showing an empty tour
    await page.goto(`${server.url}/mobile/00000000-0000-4000-8000-000000000000`);
    await page.getByTestId('tour-missing').waitFor();
  });

  it('names the station, series and code the server refuses on the list and the station, and sends the corrected tour', async () => {
    const springs = 'Quellen Kaunertal';
    const label = 'Quelle Wolfskehr 3006 LF';
    const yesterday = testDaysAgo(1);
    const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS });
    const setUnit = (unit: string) =>
      server.db.query(
        `update round_entry set definition = jsonb_set(definition, '{tsUnit}', to_jsonb($1::text)) where ts_id = '3006-LF'`,
        [unit],
      );
    try {
      const page = await browser.newPage({ ...PHONE, permissions: undefined, geolocation: undefined });
      const errors = watchErrors(page);
      await page.goto(`${server.url}/?date=${yesterday}`);
      await page.getByRole('button', { name: `${springs} offline nehmen` }).click();
      await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
      await page.waitForURL(/\/mobile\//);
      await page.locator('li[data-station="3006"] button').click();
      const input = page.getByRole('textbox', { name: label, exact: true });
      await input.pressSequentially('250', { delay: 20 });
      await page.locator('[data-tsid="3006-LF"] input[data-saved="true"]').first().waitFor({ timeout: 10_000 });
      // meanwhile the office made the series a yes/no code on the server: 250 is refused (value-not-allowed)
      await setUnit('nein/ja');
      await page.getByRole('link', { name: 'Übersicht' }).click();
      await submitRound(page);
      const alert = page.getByTestId('submit-error');
      await alert.waitFor({ timeout: 30_000 });
      const sentence = '250 ist keiner der Codes, die diese Zeitreihe erlaubt (0, 1).';
      // the alert comes with the send's end, the refusal's words once the server's answer is stored with the round
      await expect.poll(() => alert.textContent()).toContain(`Quelle Wolfskehr (3006), LF: ${sentence}`);
      // the toast says it too (it covers the tabs on a phone: closed)
      const toast = page.getByTestId('submission-toast-error');
      expect(await toast.textContent()).toContain(sentence);
      await toast.getByRole('button', { name: 'Schließen' }).click();
      // the station list says it for the station, the station's card next to the value
      await page.getByRole('link', { name: 'Stationen', exact: true }).click();
      expect(await page.locator('li[data-station="3006"]').getByTestId('refused-value').textContent()).toBe(
        `Quelle Wolfskehr (3006), LF: ${sentence}`,
      );
      expect(await page.locator('li[data-station="3005"]').getByTestId('refused-value').count()).toBe(0);
      await page.locator('li[data-station="3006"] button').click();
      const card = page.locator('[data-tsid="3006-LF"]');
      expect(await card.getByTestId('refused-value').textContent()).toBe(sentence);
      expect(await input.getAttribute('aria-invalid')).toBe('true');

      // the user types the code: the mark goes with the edit, the resend is stored
      await input.click();
      await page.keyboard.press('Control+A');
      await input.pressSequentially('1', { delay: 20 });
      await expect.poll(() => card.getByTestId('refused-value').count(), { timeout: 10_000 }).toBe(0);
      await page.locator('[data-tsid="3006-LF"] input[data-saved="true"]').first().waitFor({ timeout: 10_000 });
      await page.getByRole('link', { name: 'Übersicht' }).click();
      await submitRound(page);
      await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
      const { values } = await api<HistoricValueList>(server, '/timeseries-values?tsId=3006-LF');
      expect(values.filter((v) => v.instanceId && v.dt.startsWith(yesterday)).map((v) => v.value)).toEqual([1]);
      expect(errors).toEqual([]);
    } finally {
      await setUnit('µS/cm');
      await browser.close();
    }
  });
});
