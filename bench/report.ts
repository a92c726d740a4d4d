// Shared report of `npm run bench`: every figure is the median (min, max) of its samples, checked against
// the budget, printed as one table and written to bench/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { compareRuns, formatChange, lastRun, REGRESSION_RATIO } from './compare';

export type Profile = 'normal' | 'cpu4x';

export interface Result {
  metric: string;
  profile: Profile | 'node';
  median: number;
  min: number;
  max: number;
  /** how many samples the figures come from */
  n: number;
  unit: string;
  /** the budget, as printed; undefined when the figure is context (e.g. the baseline's own time) */
  budget?: string;
  pass?: boolean;
  note?: string;
}

const results: Result[] = [];
const failed: string[] = [];
// the console of the bench's pages (openPage), so a failed area shows what the app said meanwhile
const consoleLines: string[] = [];
const CONSOLE_KEPT = 400;

/** Keeps one line of a page's console (errors, warnings, logs) for the report of a failing area. */
export function noteConsole(line: string): void {
  consoleLines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (consoleLines.length > CONSOLE_KEPT) consoleLines.splice(0, consoleLines.length - CONSOLE_KEPT);
}

/** The areas that threw (not the ones that missed a budget). */
export function failedAreas(): readonly string[] {
  return failed;
}
const loads: { at: string; load1: number; load5: number }[] = [];

export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const round = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100);

/**
 * Records a figure. `limit` is the budget as a number the median must not exceed (`higherIsBetter` flips
 * that); pass stays undefined when there is no budget.
 */
export function record(
  metric: string,
  profile: Result['profile'],
  samples: readonly number[],
  unit: string,
  limit?: number,
  opts: { budget?: string; note?: string; higherIsBetter?: boolean } = {},
): Result {
  const clean = samples.filter((x) => Number.isFinite(x));
  const median = percentile(clean, 50);
  const r: Result = {
    metric,
    profile,
    median: round(median),
    min: round(Math.min(...clean)),
    max: round(Math.max(...clean)),
    n: clean.length,
    unit,
    ...(limit !== undefined
      ? {
          budget: opts.budget ?? `≤ ${limit}`,
          pass: clean.length > 0 && (opts.higherIsBetter ? median >= limit : median <= limit),
        }
      : {}),
    ...(opts.note ? { note: opts.note } : {}),
  };
  results.push(r);
  console.info(
    `  ${r.metric} [${r.profile}]: ${r.median} ${r.unit} (${r.min}–${r.max}, n=${r.n})${r.pass === false ? ' MISSED' : ''}`,
  );
  return r;
}

/** Notes the machine load (the machine is shared; figures mean little without it). */
export function noteLoad(at: string): void {
  const [load1 = 0, load5 = 0] = loadavg();
  loads.push({ at, load1: round(load1), load5: round(load5) });
}

/** Runs one area; a failing area is reported and the others still run. */
export async function area(name: string, run: () => Promise<void>): Promise<void> {
  noteLoad(`${name} start`);
  console.info(`▶ ${name}`);
  const t0 = performance.now();
  const consoleFrom = consoleLines.length;
  try {
    await run();
  } catch (e) {
    console.error(`✖ ${name} failed:`, e);
    // the page's own account (a write that failed, a closed database, a quota): the area's lines, else the last ones
    const lines = consoleLines.slice(consoleFrom).length ? consoleLines.slice(consoleFrom) : consoleLines.slice(-40);
    console.error(`  page console during ${name} (${lines.length} lines):\n    ${lines.join('\n    ')}`);
    failed.push(name);
    results.push({
      metric: `${name}: failed (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
      profile: 'node',
      median: Number.NaN,
      min: Number.NaN,
      max: Number.NaN,
      n: 0,
      unit: '',
      pass: false,
    });
  }
  const seconds = Math.round((performance.now() - t0) / 1000);
  areas.push({ name, seconds, failed: failed.includes(name) });
  console.info(`  (${name}: ${seconds} s)`);
}
// how long each area took (the smoke's tail in `npm test` names the slow ones: scripts/test-summary.mjs)
const areas: { name: string; seconds: number; failed: boolean }[] = [];

/**
 * Prints the table with each figure against the last recorded run (the file about to be overwritten) and writes
 * the run; answers how many figures are more than 25 % worse than last time (compare.ts).
 */
export function writeReport(extra: Record<string, unknown>, file = 'bench/results.json'): number {
  noteLoad('end');
  const comparisons = new Map(compareRuns(lastRun(file), results).map((c) => [`${c.metric}|${c.profile}`, c]));
  console.table(
    results.map((r) => {
      const c = comparisons.get(`${r.metric}|${r.profile}`);
      return {
        metric: r.metric,
        profile: r.profile,
        median: r.median,
        min: r.min,
        max: r.max,
        n: r.n,
        unit: r.unit,
        budget: r.budget ?? '',
        pass: r.pass ?? '',
        'vs last': c ? `${formatChange(c)}${c.regressed ? ' REGRESSED' : ''}` : '',
      };
    }),
  );
  console.info('machine load (1 min / 5 min):', loads.map((l) => `${l.at}: ${l.load1}/${l.load5}`).join(', '));
  const regressions = [...comparisons.values()].filter((c) => c.regressed);
  if (regressions.length > 0) {
    console.error(
      `✖ ${regressions.length} figures more than ${Math.round((REGRESSION_RATIO - 1) * 100)} % worse than the last recorded run:`,
    );
    for (const c of regressions)
      console.error(`  ${c.metric} [${c.profile}]: ${c.previous} → ${c.current} (${formatChange(c)})`);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        ...extra,
        load: loads,
        areas,
        results,
        regressions: regressions.map((c) => ({ ...c, change: formatChange(c) })),
      },
      null,
      2,
    )}\n`,
  );
  console.info(`written: ${file} (the next run compares with it)`);
  return regressions.length;
}
