import { TEST_ZONE, testToday } from '../support/dates';
import { chromium, type Page } from 'playwright-core';
import type { HistoricValueList, MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import { formatDe, numericEntries, pickRound } from './driver';
import { Rng } from './prng';
import type { SoakReport } from './report';
import type { SoakServer } from './soak-server';
import { HEADLESS_SHELL } from '../e2e/browsers';
import { browserEnv, withRunClock } from '../e2e/wall-clock';

/** As test/e2e/harness.ts (not imported: it registers Vitest hooks, and `npm run soak` runs outside Vitest). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Clicks "Absenden" and confirms the prompts that follow, as test/e2e/harness.ts submitRound does. */
async function submitRound(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Absenden', exact: true }).click();
  await page.locator('[data-testid="submit-bar"]:not([aria-busy="true"])').waitFor();
  for (;;) {
    const dialog = page.locator('dialog[open]');
    if ((await dialog.count()) === 0) return;
    const testId = await dialog.first().getAttribute('data-testid');
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await dialog.getByRole('button', { name: /^(Weiter|Senden)$/ }).click();
    await page.locator(`dialog[data-testid="${testId}"]`).waitFor({ state: 'detached' });
  }
}

/** Whether the page tells the user the values are on the server ("gesendet", the success alert, "Values sent"). */
async function claimsSent(page: Page): Promise<boolean> {
  const state = await page
    .getByTestId('sync-state')
    .getAttribute('data-state', { timeout: 1000 })
    .catch(() => null);
  if (state === 'sent') return true;
  if (
    await page
      .getByTestId('submit-success')
      .isVisible()
      .catch(() => false)
  )
    return true;
  return page
    .locator('[data-testid="submit-progress"] [data-step="values"][data-state="done"]')
    .isVisible()
    .catch(() => false);
}

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Typing at the moment a stored round opens (issue 29 item 3): the page is reloaded at `cpuRate` (1 or 4× slower)
 * and keys go to the field of a stored value as soon as it exists, as a user's do. While the field is read-only
 * they are dropped; once it takes keys it holds its stored value and they follow it. A value with keys inside or
 * before it (`11683682,01`) is merged. Resolves to what the field shows then, which is what the round must send.
 */
async function typeAsTheRoundOpens(
  page: Page,
  label: string,
  stored: string,
  cpuRate: number,
): Promise<{ shown: string; merged: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  try {
    await page.reload();
    const box = page.getByRole('textbox', { name: label, exact: true });
    await box.waitFor({ timeout: 90_000 });
    await box.focus();
    for (let i = 0; i < 12 && !(await box.inputValue()).startsWith(stored); i++) await box.press('9');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !((await box.isEditable()) && (await box.inputValue()).startsWith(stored)))
      await sleep(100);
    await page.keyboard.press('Tab');
    const shown = await box.inputValue();
    return { shown, merged: !new RegExp(`^${escape(stored)}9*$`).test(shown) };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}

interface Typed {
  entry: MeasureRoundEntry;
  value: number;
}

async function serverHolds(server: SoakServer, typed: readonly Typed[], today: string): Promise<boolean[]> {
  const query = [
    ...typed.map((t) => `tsId=${encodeURIComponent(t.entry.tsId)}`),
    `from=${today}T00:00:00.000Z`,
    `to=${today}T23:59:59.999Z`,
  ].join('&');
  const held = (await server.getJson<HistoricValueList>(`/timeseries-values?${query}`)).data?.values ?? [];
  return typed.map((t) => held.filter((h) => h.tsId === t.entry.tsId && h.value === t.value).length === 1);
}

/**
 * The browser part of the soak: a few rounds typed into the table of the built app with real
 * key events, through the fault proxy, watching what the page claims while it sends. Every time the page
 * says the values were sent, the server must already hold them.
 */
export async function browserSoak(
  server: SoakServer,
  opts: { seed: number; rounds: number; log?: (l: string) => void },
): Promise<NonNullable<SoakReport['browser']>> {
  const rng = new Rng(opts.seed ^ 0x5eed);
  const round: MeasureRound = await pickRound(server);
  const entries = numericEntries(round);
  const today = testToday();
  // the run's clock when scripts/test-at.sh moved it (test/e2e/wall-clock.ts)
  const browser = await withRunClock(
    await chromium.launch({ executablePath: HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS, env: browserEnv() }),
  );
  const result = {
    rounds: 0,
    values: 0,
    stored: 0,
    falseSentClaims: 0,
    faults: 0,
    openTyping: { checked: 0, merged: 0, examples: [] as string[] },
    missing: [] as string[],
  };
  const firedBefore = [...server.proxy.fired.values()].reduce((a, b) => a + b, 0);
  try {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: TEST_ZONE });
    const page = await context.newPage();
    await page.goto(`${server.proxy.url}/stations/${encodeURIComponent(round.mrName)}/${today}`);
    await page.locator('[data-value-input]').first().waitFor({ timeout: 90_000 });
    let previousSent = false;
    for (let r = 0; r < opts.rounds; r++) {
      if (r > 0) {
        // a fresh page: no word of the previous round's submission may be taken for this one's
        await page.reload();
        await page.locator('[data-value-input]').first().waitFor({ timeout: 60_000 });
        // the table shows the round sent before read-only (issue 29): a second reading of the day is typed into
        // it with "Edit again", as a user would (a correction carrying both rounds' values)
        const again = page.getByRole('button', { name: 'Wieder bearbeiten', exact: true });
        if (previousSent) {
          await again.waitFor({ timeout: 30_000 });
          await again.click();
          await page.locator('[data-value-input]:not([disabled])').first().waitFor({ timeout: 30_000 });
        }
      }
      // each round its own entries: the server keeps the first value at a series and time (today, default time)
      const typed: Typed[] = entries.slice(r * 3, r * 3 + 3).map((entry) => {
        const { min = 0, max = 10 } = entry.tsPlausibilityCheck ?? {};
        return { entry, value: Math.round((min + (max - min) * (0.2 + 0.6 * rng.float())) * 100) / 100 };
      });
      for (const t of typed) {
        const box = page.getByRole('textbox', {
          name: `${t.entry.staName} ${t.entry.staNumber} ${t.entry.tsParameter}`,
          exact: true,
        });
        await box.click();
        await box.pressSequentially(formatDe(t.value), { delay: 40 });
      }
      await page.keyboard.press('Tab');
      result.values += typed.length;
      // the round just typed is a stored round now: opened again at normal and at 4× slower CPU, typed into at once;
      // what the field shows then is what the round must send (the check below compares with it)
      // the page is reloaded only once every value says "saved on this device" (a reload before that may cut the
      // last keystrokes' writes, which the table's check mark tells the user)
      for (const t of typed) {
        const box = page.getByRole('textbox', {
          name: `${t.entry.staName} ${t.entry.staNumber} ${t.entry.tsParameter}`,
          exact: true,
        });
        const until = Date.now() + 30_000;
        while (Date.now() < until && (await box.getAttribute('data-saved')) !== 'true') await sleep(100);
      }
      const first = typed[0];
      if (first) {
        const label = `${first.entry.staName} ${first.entry.staNumber} ${first.entry.tsParameter}`;
        for (const rate of [1, 4]) {
          result.openTyping.checked += 1;
          const { shown, merged } = await typeAsTheRoundOpens(page, label, formatDe(first.value), rate);
          if (merged) {
            result.openTyping.merged += 1;
            result.openTyping.examples.push(`${shown} (stored ${formatDe(first.value)}, ${rate}× CPU)`);
          }
          first.value = Number(shown.replace(',', '.'));
        }
      }
      const offline = r % 2 === 1;
      if (offline) {
        // offline around the submit: the round must wait, never claim "sent"
        await context.setOffline(true);
        result.faults += 1;
      }
      // the values post is stored but its answer lost (502 after the store), then the retry's answer is cut
      server.proxy.arm({ kind: rng.pick(['502-after', 'drop-after', '502-before'] as const), on: 'values' });
      server.proxy.arm({ kind: 'delay', on: 'values', delayMs: 400 });
      await submitRound(page);
      if (offline) {
        for (let i = 0; i < 10; i++) {
          if (await claimsSent(page))
            result.falseSentClaims += (await serverHolds(server, typed, today)).filter((h) => !h).length;
          await sleep(200);
        }
        await context.setOffline(false);
      }
      // watch the page while it sends: a claim of "sent" must find every value on the server at that moment
      const deadline = Date.now() + 60_000;
      let claimed = false;
      while (Date.now() < deadline && !claimed) {
        if (await claimsSent(page)) {
          claimed = true;
          const held = await serverHolds(server, typed, today);
          result.falseSentClaims += held.filter((h) => !h).length;
        } else if (
          await page
            .getByTestId('submit-error')
            .isVisible()
            .catch(() => false)
        ) {
          await submitRound(page);
        } else await sleep(150);
      }
      server.proxy.disarm();
      const holds = await serverHolds(server, typed, today);
      result.stored += holds.filter(Boolean).length;
      if (holds.some((h) => !h)) {
        // what is missing, with what the server holds of its series today and what the page shows (for the report)
        const q = typed.map((t) => `tsId=${encodeURIComponent(t.entry.tsId)}`).join('&');
        const day = `from=${today}T00:00:00.000Z&to=${today}T23:59:59.999Z`;
        const held = (await server.getJson<HistoricValueList>(`/timeseries-values?${q}&${day}`)).data?.values ?? [];
        for (const [i, t] of typed.entries()) {
          if (holds[i]) continue;
          const label = `${t.entry.staName} ${t.entry.staNumber} ${t.entry.tsParameter}`;
          const shown = await page
            .getByRole('textbox', { name: label, exact: true })
            .inputValue({ timeout: 5000 })
            .catch(() => '?');
          const there = held.filter((h) => h.tsId === t.entry.tsId).map((h) => `${h.value} at ${h.dt}`);
          result.missing.push(
            `round ${r + 1} ${t.entry.tsId}: typed ${t.value}, page shows ${shown}, server: ${there.join('; ') || 'nothing'}`,
          );
        }
      }
      result.rounds += 1;
      previousSent = claimed;
      opts.log?.(`browser round ${r + 1}: ${typed.length} values, sent claimed: ${claimed}`);
    }
    await context.close();
    // the proxy's faults that met a request, beside the offline flaps counted above
    result.faults += [...server.proxy.fired.values()].reduce((a, b) => a + b, 0) - firedBefore;
  } finally {
    await browser.close();
  }
  return result;
}
