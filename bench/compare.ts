// `npm run bench` compares each figure with the last recorded run (bench/results.json as committed): a step
// more than 25 % worse is flagged, so a regression is red the day it happens. Compare only runs taken the same
// way (a quiet machine, the same run order): the machine load of both runs is in their JSON.
import { existsSync, readFileSync } from 'node:fs';
import type { Result } from './report';

/** A figure this much worse than the last run's is a regression. */
export const REGRESSION_RATIO = 1.25;
/** Differences of times below this are noise even when their ratio is large (a 2 ms step taking 3 ms). */
const MIN_MS_DIFFERENCE = 5;

export interface Comparison {
  metric: string;
  profile: string;
  previous: number;
  current: number;
  /** current / previous, oriented so that > 1 is worse */
  worseBy: number;
  regressed: boolean;
}

/** Scores (Lighthouse) are better when higher; every other figure of the bench is better when lower. */
export function higherIsBetter(r: Pick<Result, 'unit' | 'budget'>): boolean {
  return r.unit === 'score' || r.budget?.startsWith('≥') === true;
}

const key = (r: Pick<Result, 'metric' | 'profile'>) => `${r.metric}|${r.profile}`;

/** Each current figure against the same metric and profile of the previous run (figures new in this run: none). */
export function compareRuns(previous: readonly Result[], current: readonly Result[]): Comparison[] {
  const before = new Map(previous.map((r) => [key(r), r]));
  return current.flatMap((r): Comparison[] => {
    const p = before.get(key(r));
    if (!p || !Number.isFinite(p.median) || !Number.isFinite(r.median)) return [];
    const up = higherIsBetter(r);
    const [worse, better] = up ? [p.median, r.median] : [r.median, p.median];
    // from 0 to anything is worse without bound (0 errors, then 1)
    const worseBy = better === 0 ? (worse === 0 ? 1 : Number.POSITIVE_INFINITY) : worse / better;
    const noise = r.unit === 'ms' && Math.abs(r.median - p.median) < MIN_MS_DIFFERENCE;
    return [
      {
        metric: r.metric,
        profile: r.profile,
        previous: p.median,
        current: r.median,
        worseBy,
        regressed: worseBy > REGRESSION_RATIO && !noise,
      },
    ];
  });
}

/** The results of the last recorded run, or none (first run, or a file of another shape). */
export function lastRun(file: string): Result[] {
  if (!existsSync(file)) return [];
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { results?: Result[] };
    return Array.isArray(json.results) ? json.results : [];
  } catch {
    return [];
  }
}

/** "+31 %" / "−12 %": the change in the figure's own direction (+ is worse). */
export function formatChange(c: Comparison): string {
  if (!Number.isFinite(c.worseBy)) return 'new failure';
  const pct = Math.round((c.worseBy - 1) * 100);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)} %`;
}
