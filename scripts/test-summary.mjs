// The end of `npm test` (scripts/test.sh): the ten slowest tests and the slowest e2e files from the Vitest JSON
// reports, and the count of retried tests (scripts/retry-reporter.mjs). Usage: node scripts/test-summary.mjs <json>...
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const reports = process.argv.slice(2).filter((f) => existsSync(f));
const tests = [];
const files = [];
for (const path of reports) {
  const label = path.replace(/^.*\//, '').replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    files.push({ label, name, seconds: (file.endTime - file.startTime) / 1000 });
    for (const a of file.assertionResults)
      tests.push({ label, name: `${name} > ${a.fullName}`, seconds: (a.duration ?? 0) / 1000 });
  }
}
const row = (t) => `  ${t.seconds.toFixed(1).padStart(7)} s  ${t.label}: ${t.name}`;
console.info('slowest tests:');
for (const t of tests.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.info(row(t));
const e2eFiles = files.filter((f) => f.label === 'e2e').sort((a, b) => b.seconds - a.seconds);
if (e2eFiles.length) {
  console.info('slowest e2e files:');
  for (const f of e2eFiles.slice(0, 10)) console.info(row(f));
}
// the bench smoke (a step of npm test): each area's seconds and whether it found its way
const smokeFile = 'test-results/bench-smoke.json';
if (process.env.BENCH_SMOKE_SUMMARY !== '0' && existsSync(smokeFile)) {
  const smoke = JSON.parse(readFileSync(smokeFile, 'utf8'));
  const areas = smoke.areas ?? [];
  console.info(
    `bench smoke (${smoke.date}): ${smoke.totalSeconds} s, ${areas.filter((a) => a.failed).length} of ${areas.length} areas failed`,
  );
  for (const a of [...areas].sort((x, y) => y.seconds - x.seconds))
    console.info(`  ${String(a.seconds).padStart(5)} s  ${a.name}${a.failed ? '  FAILED' : ''}`);
}
// the order on a clean clone (scripts/test-sequencer.mjs) needs each file's seconds: a file missing from the table runs
// first, which is right for a new short file and wrong for a long one
const durationsFile = 'scripts/test-durations.json';
if (existsSync(durationsFile)) {
  const known = JSON.parse(readFileSync(durationsFile, 'utf8')).seconds;
  const missing = files.filter((f) => (f.label === 'unit' || f.label === 'e2e') && !(`${f.label}:${f.name}` in known));
  if (missing.length)
    console.info(
      `${missing.length} test file(s) not in ${durationsFile} (run first on a clean clone; refresh it: node scripts/test-durations.mjs): ${missing.map((f) => f.name).join(', ')}`,
    );
}
const retryFile = process.env.VITEST_RETRY_REPORT ?? 'test-results/retries.txt';
const retried = existsSync(retryFile) ? readFileSync(retryFile, 'utf8').split('\n').filter(Boolean) : [];
console.info(`retries: ${retried.length}`);
for (const line of retried) console.info(`  retried: ${line}`);
