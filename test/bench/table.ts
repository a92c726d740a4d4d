// Typing into a large round in real Chromium: how long until each value is saved on the device, and how
// long the table takes to appear, as the round grows. Targets are printed, never asserted in tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../server/app';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/harness';

const SIZES = [90, 300];
const TYPED = 90;
const TARGET_SAVE_P95_MS = 150;
const TARGET_RENDER_MS = 2000;

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
const server = await startServer({ port: 0, dataDir: dir, staticDir: 'dist' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
    await page.goto(`${server.url}/?date=2026-11-23`);
    await page.getByRole('link', { name: new RegExp(name) }).waitFor({ timeout: 60_000 });
    const t0 = performance.now();
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await page.locator('input[data-value-input]').nth(size - 1).waitFor();
    const renderMs = performance.now() - t0;
    const saves: number[] = [];
    const inputs = page.locator('input[data-value-input]');
    for (let i = 0; i < TYPED; i++) {
      const input = inputs.nth(i);
      const start = performance.now();
      await input.fill(String(100 + i));
      await page.locator(`input[data-value-input][data-saved="true"]`).nth(i).waitFor();
      saves.push(performance.now() - start);
    }
    rows.push({
      entries: size,
      typed: TYPED,
      renderMs: Math.round(renderMs),
      saveP50Ms: Math.round(percentile(saves, 50)),
      saveP95Ms: Math.round(percentile(saves, 95)),
      lastSaveMs: Math.round(saves.at(-1) ?? 0),
      ok: renderMs <= TARGET_RENDER_MS && percentile(saves, 95) <= TARGET_SAVE_P95_MS,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
console.info(JSON.stringify({ bench: 'table-typing', browser: 'chromium', targets: { renderMs: TARGET_RENDER_MS, saveP95Ms: TARGET_SAVE_P95_MS }, rows }, null, 2));
process.exit(0);
