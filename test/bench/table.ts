// Typing into a large round in real Chromium: how long until each keystroke is saved on the device, and how
// long the table takes to appear, as the round grows. Targets are printed, never asserted in tests.
//
// The save acknowledgement is measured inside the page with the Performance API: a mark on each `input`
// event of a value field, a measure when that field's `data-saved` flips to "true" (the IndexedDB write
// committed and the row re-rendered), seen by a MutationObserver. Playwright's own round trips are not in
// the numbers; the keys are real keyboard events (page.keyboard), not fill().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../../server/app';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/harness';

const SIZES = [90, 300];
const TYPED = 90;
const KEY_DELAY_MS = 40;
const TARGET_SAVE_P95_MS = 50;
const TARGET_RENDER_MS = 2000;

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Installs the in-page probe: input event → mark, data-saved flips to "true" → measure. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    let seq = 0;
    const pending = new WeakMap<Element, string>();
    document.addEventListener(
      'input',
      (e) => {
        const el = e.target;
        if (!(el instanceof HTMLInputElement) || !el.hasAttribute('data-value-input')) return;
        const mark = `key-${++seq}`;
        performance.mark(mark);
        // the acknowledgement that counts is the one of the latest keystroke
        pending.set(el, mark);
      },
      true,
    );
    const waiters = new Map<Element, () => void>();
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.getAttribute('data-saved') !== 'true') continue;
        const mark = pending.get(el);
        if (mark) {
          performance.measure(`save-${mark}`, mark);
          pending.delete(el);
        }
        waiters.get(el)?.();
        waiters.delete(el);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-saved'] });
    // The driver waits for a value's save through this promise instead of polling the DOM with locators,
    // so no query of the driver runs on the page's main thread while keys are acknowledged.
    (window as unknown as { benchSaved(i: number): Promise<void> }).benchSaved = (i: number) =>
      new Promise<void>((resolve) => {
        const el = document.querySelectorAll('input[data-value-input]')[i];
        if (!el || (el.getAttribute('data-saved') === 'true' && !pending.has(el))) resolve();
        else waiters.set(el, resolve);
      });
  });
}

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
const server = await startServer({ port: 0, dataDir: dir, staticDir: 'dist' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const today = new Date().toISOString().slice(0, 10);
const rows: Record<string, number | string | boolean>[] = [];
try {
  for (const size of SIZES) {
    const mrId = `bench-${size}`;
    const name = `Benchmark ${size}`;
    await server.db.query('insert into measure_round (mr_id, mr_name, mr_group, sort) values ($1, $2, $3, 99) on conflict do nothing', [mrId, name, 'Benchmark']);
    for (let i = 0; i < size; i++) {
      const sta = String(90000 + Math.floor(i / 2));
      const entry = { staName: `Messstelle ${sta}`, staNumber: sta, staOrdinal: Math.floor(i / 2) + 1, tsId: `${mrId}-${i}`, tsParameter: i % 2 ? 'LT' : 'W', tsUnit: 'cm', tsPlausibilityCheck: { min: 0, max: 500 } };
      await server.db.query('insert into round_entry (mr_id, ts_id, position, definition) values ($1, $2, $3, $4) on conflict do nothing', [mrId, entry.tsId, i, JSON.stringify(entry)]);
    }
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${server.url}/?date=${today}`);
    await page.getByRole('link', { name: new RegExp(name) }).waitFor({ timeout: 60_000 });
    const t0 = performance.now();
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await page.locator('input[data-value-input]').nth(size - 1).waitFor();
    const renderMs = performance.now() - t0;
    await installProbe(page);
    const inputs = page.locator('input[data-value-input]');
    for (let i = 0; i < TYPED; i++) {
      await inputs.nth(i).focus();
      await page.keyboard.type(String(100 + i), { delay: KEY_DELAY_MS });
      await page.evaluate((n) => (window as unknown as { benchSaved(i: number): Promise<void> }).benchSaved(n), i);
    }
    const saves = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => m.duration));
    rows.push({
      entries: size,
      valuesTyped: TYPED,
      keystrokesAcknowledged: saves.length,
      renderMs: Math.round(renderMs),
      saveP50Ms: Math.round(percentile(saves, 50) * 10) / 10,
      saveP95Ms: Math.round(percentile(saves, 95) * 10) / 10,
      saveMaxMs: Math.round(Math.max(...saves) * 10) / 10,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
const p95 = (n: number) => Number(rows.find((r) => r.entries === n)?.saveP95Ms ?? Number.NaN);
const flat = p95(300) <= p95(90);
for (const r of rows) r.ok = Number(r.renderMs) <= TARGET_RENDER_MS && Number(r.saveP95Ms) < TARGET_SAVE_P95_MS;
console.table(rows);
console.info(JSON.stringify({ bench: 'table-typing', browser: 'chromium', measuredIn: 'page (Performance API)', keyDelayMs: KEY_DELAY_MS, targets: { renderMs: TARGET_RENDER_MS, saveP95Ms: TARGET_SAVE_P95_MS, flat: 'p95(300) <= p95(90)' }, flat, rows }, null, 2));
process.exit(0);
