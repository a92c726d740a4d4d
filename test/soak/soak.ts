import { check, checkSeams } from './check';
import { checkDecisions } from './decisions';
import { drive, pickRound } from './driver';
import { buildReport, type SoakReport } from './report';
import { SoakServer } from './soak-server';

export interface SoakOptions {
  seed: number;
  ops: number;
  /** browser rounds typed in Chromium against the built app (0: headless only) */
  browserRounds?: number;
  log?: (line: string) => void;
}

/** One soak: the server behind the proxy, the headless driver, the fault-free drain, the checks. */
export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const server = new SoakServer(opts.browserRounds ? 'dist' : undefined);
  await server.start();
  try {
    const round = await pickRound(server);
    const driven = await drive({
      seed: opts.seed,
      ops: opts.ops,
      server,
      round,
      ...(opts.log ? { log: opts.log } : {}),
    });
    const checked = await check(server, driven.tab, driven.values, driven.photos);
    const seams = await checkSeams(server, driven.tab, driven.seams, checked.problems);
    const decisions = await checkDecisions(server, driven.tab, driven.decisions, checked.problems);
    await driven.tab.close();
    const report = buildReport(opts.seed, driven, checked, 0, server.restarts, seams, decisions);
    if (opts.browserRounds) {
      const { browserSoak } = await import('./browser');
      report.browser = await browserSoak(server, {
        seed: opts.seed,
        rounds: opts.browserRounds,
        ...(opts.log ? { log: opts.log } : {}),
      });
    }
    report.durationSeconds = Math.round((Date.now() - started) / 1000);
    return report;
  } finally {
    await server.stop();
  }
}
