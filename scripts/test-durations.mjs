// Refreshes scripts/test-durations.json, the seconds of each test file that scripts/test-sequencer.ts orders by on a
// clean clone (CI), from Vitest's cache of the last run (node_modules/.vite/vitest/*/results.json, or the file given).
// Run it after a full `npm test` on a quiet machine when files were added or became much slower or faster; files of
// the table that no longer exist are dropped. Usage: node scripts/test-durations.mjs [results.json]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const target = 'scripts/test-durations.json';
const cacheDir = 'node_modules/.vite/vitest';
const source =
  process.argv[2] ??
  (existsSync(cacheDir)
    ? readdirSync(cacheDir)
        .map((d) => join(cacheDir, d, 'results.json'))
        .find((f) => existsSync(f))
    : undefined);
if (!source) {
  console.error('no Vitest results cache: run the tests first (npm test)');
  process.exit(1);
}
const cached = new Map(JSON.parse(readFileSync(source, 'utf8')).results);
const old = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')).seconds : {};
const seconds = {};
for (const [key, s] of Object.entries(old)) seconds[key] = s;
for (const [key, r] of cached) if (r.duration > 0) seconds[key] = Math.max(1, Math.round(r.duration / 1000));
const kept = Object.fromEntries(
  Object.entries(seconds)
    .filter(([key]) => existsSync(key.slice(key.indexOf(':') + 1)))
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(
  target,
  `${JSON.stringify({ note: 'seconds per test file of a full run, for the order on a clean clone (scripts/test-sequencer.ts)', seconds: kept }, null, 2)}\n`,
);
console.info(`${target}: ${Object.keys(kept).length} files from ${source}`);
