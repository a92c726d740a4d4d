// `npm run test:quick`: the fast loop for the change at hand (docs/testing.md). Against the merge base with main
// (QUICK_BASE=<ref> to change) plus uncommitted and new files: typecheck, lint and format of the changed files, the
// unit and server tests related to them (vitest --changed follows imports), and the e2e files that cover the changed
// screens (E2E_MAP below; QUICK_E2E=0 skips them). Prints each step's duration and ends non-zero when one failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Which e2e files cover a folder or file (the first matching prefix wins; a changed e2e file runs itself). */
const E2E_MAP = [
  ['src/features/round-entry', ['table-layout', 'submit-checks', 'corrections']],
  ['src/features/office-table', ['table-layout', 'keystroke-integrity']],
  ['src/features/readings', ['input-types', 'keystroke-integrity', 'field-time']],
  ['src/features/remarks', ['submit-checks']],
  ['src/features/print', ['submit-checks']],
  ['src/features/depth-profile', ['input-types']],
  ['src/features/discharge', ['input-types']],
  ['src/features/snow', ['input-types']],
  ['src/features/groups', ['walking-skeleton', 'unsent-rounds', 'admin-first-visit']],
  ['src/features/tour', ['tour', 'tour-tiles', 'tour-barcode']],
  ['src/features/photos', ['photos']],
  ['src/features/tasks', ['tasks']],
  ['src/features/facilities', ['facilities']],
  ['src/features/documents', ['documents']],
  ['src/features/decisions', ['decisions']],
  ['src/features/permissions', ['permissions']],
  ['src/features/meteo', ['meteo']],
  ['src/features/csv', ['csv-import', 'csv-export']],
  ['src/features/archive', ['archive', 'archive-filters']],
  ['src/features/analysis', ['analysis']],
  ['src/features/config', ['settings', 'config-flags']],
  ['src/features/debug', ['debug-panel', 'support']],
  ['src/features/about', ['app-shell']],
  ['src/features/legal', ['app-shell']],
  ['src/routes/stations.', ['table-layout', 'submit-checks']],
  ['src/routes/mobile.', ['tour']],
  ['src/routes/meteo.', ['meteo']],
  ['src/routes/csv.', ['csv-import']],
  ['src/routes/archive', ['archive']],
  ['src/routes/analysis', ['analysis']],
  ['src/routes/timeseriesChart', ['analysis']],
  ['src/routes/hydro.', ['analysis']],
  ['src/routes/config', ['settings']],
  ['src/routes/debug', ['debug-panel']],
  ['src/routes/documents', ['documents']],
  ['src/routes/permissions', ['permissions']],
  ['src/routes/', ['app-shell', 'walking-skeleton']],
  ['src/app/', ['app-shell', 'update']],
  ['src/db/', ['durability', 'offline', 'faults']],
  ['src/ui/', ['accessibility']],
  ['workers/', ['offline', 'update']],
  ['locales/', ['locale-format']],
  ['server/auth', ['login', 'demo-identities']],
  ['server/', ['walking-skeleton', 'spec-profile']],
  ['test/e2e/', ['walking-skeleton']],
];
/** More e2e files than this and the loop is no longer quick: the rest is left to `npm test`. */
const MAX_E2E = Number(process.env.QUICK_MAX_E2E ?? 4);

const sh = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' }).stdout?.trim() ?? '';
const base = process.env.QUICK_BASE ?? 'main';
const mergeBase = sh('git', ['merge-base', base, 'HEAD']) || base;
const changed = [
  ...new Set(
    [
      sh('git', ['diff', '--name-only', '--diff-filter=ACMR', mergeBase]),
      sh('git', ['ls-files', '--others', '--exclude-standard']),
    ]
      .join('\n')
      .split('\n')
      .filter((f) => f && existsSync(f)),
  ),
];
console.info(`test:quick: ${changed.length} file(s) changed against ${base} (${mergeBase.slice(0, 10)})`);
if (!changed.length) process.exit(0);

const steps = [];
// --dry: print the plan (what would run) and run nothing
const DRY = process.argv.includes('--dry');
function step(name, cmd, args) {
  console.info(`== ${name}: ${cmd} ${args.join(' ')}`.slice(0, 400));
  if (DRY) return;
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  steps.push({ name, seconds: Math.round((Date.now() - t0) / 1000), ok: r.status === 0 });
}

const code = changed.filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
const formatted = changed.filter((f) => /\.(ts|tsx|mjs|js|json|md|css|html|yml)$/.test(f));
step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
if (code.length) step('lint (changed files)', 'npx', ['eslint', '--max-warnings', '0', ...code]);
if (formatted.length) step('format (changed files)', 'npx', ['prettier', '--check', ...formatted]);
if (changed.some((f) => f.startsWith('locales/') || /\.tsx?$/.test(f)))
  step('translations', 'node', ['scripts/check-translations.mjs']);
step('unit and server tests related to the change', 'npx', [
  'vitest',
  'run',
  '--project',
  'unit',
  '--changed',
  mergeBase,
  '--passWithNoTests',
]);

const e2e = new Set();
for (const f of changed) {
  const own = /^test\/e2e\/(.+)\.e2e\.ts$/.exec(f);
  if (own) e2e.add(own[1]);
  else
    for (const [prefix, files] of E2E_MAP)
      if (f.startsWith(prefix)) {
        files.forEach((x) => e2e.add(x));
        break;
      }
}
const e2eFiles = [...e2e].map((n) => `test/e2e/${n}.e2e.ts`).filter((f) => existsSync(f));
if (process.env.QUICK_E2E !== '0' && e2eFiles.length) {
  const run = e2eFiles.slice(0, MAX_E2E);
  if (e2eFiles.length > run.length)
    console.info(`e2e: ${e2eFiles.length} files cover the change; running ${run.length}, npm test runs the rest`);
  step(`e2e (${run.map((f) => f.replace(/^.*\//, '')).join(', ')})`, 'npx', [
    'vitest',
    'run',
    '--project',
    'e2e',
    '--maxWorkers=2',
    '--fileParallelism',
    ...run,
  ]);
}

console.info('test:quick durations:');
for (const s of steps) console.info(`  ${String(s.seconds).padStart(4)} s  ${s.ok ? 'ok    ' : 'FAILED'}  ${s.name}`);
const failed = steps.filter((s) => !s.ok);
console.info(failed.length ? `test:quick: ${failed.length} step(s) failed` : 'test:quick: all green');
process.exit(failed.length ? 1 : 0);
