/**
 * `npm run soak -- --seed N --ops 1000 [--browser-rounds 1] [--out bench/soak.json]`: the seeded fault soak
 *. Exits 1 when anything was lost, duplicated or silently lost.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runSoak } from './soak';
import { failures, reportTable } from './report';

function arg(name: string, fallback: string): string {
  const i = process.argv.lastIndexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

const seed = Number(arg('seed', '1'));
const ops = Number(arg('ops', '1000'));
const browserRounds = Number(arg('browser-rounds', '0'));
const out = arg('out', 'bench/soak.json');

const report = await runSoak({ seed, ops, browserRounds, log: (l) => console.info(l) });
console.info(`\n${reportTable(report)}\n`);
if (out !== 'none') {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`written ${out}`);
}
const failed = failures(report);
for (const line of [...report.problems.slice(0, 10), ...(report.browser?.missing ?? [])]) console.info(`  ${line}`);
if (failed.length) console.info(`FAILED: ${failed.join('; ')}`);
process.exit(failed.length ? 1 : 0);
