// The test files of the PostgreSQL pass of `npm test` (scripts/test.sh): every file of the unit project that uses a
// database a TEST_PG_URL can point at. The rule is a scan, not a list, so a new database test is never silently
// left out: a file is in when it, or a module it imports (followed through relative imports, transitively),
// calls `testDatabaseOptions` or reads `TEST_PG_URL` (postgres-outage, multi-instance). The other files (pure rules,
// PGlite-only, no database at all) already ran in the unit step and would only run again unchanged.
// Usage: node scripts/pg-test-files.mjs            prints the files, one a line
//        node scripts/pg-test-files.mjs --explain  also says why each file is in, and lists those left out
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// the unit project's roots (vitest.config.ts `include`); test/e2e and test/soak are other projects
const ROOTS = ['src', 'schemas', 'replication', 'server', 'test/unit', 'test/integration'];
const TEST = /\.test\.tsx?$/;
const MARKER = /\btestDatabaseOptions\b|\bTEST_PG_URL\b/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEST.test(name)) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  // `./x.js` written for a `./x.ts` source
  const ts = base.replace(/\.m?js$/, '.ts');
  return existsSync(ts) ? ts : undefined;
}

/** The module (this file or one it imports) that carries the marker, or undefined. */
const memo = new Map();
function reason(file, seen = new Set()) {
  if (memo.has(file)) return memo.get(file);
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let found = MARKER.test(text) ? file : undefined;
  for (const m of text.matchAll(IMPORT)) {
    if (found) break;
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target) found = reason(target, seen);
  }
  memo.set(file, found);
  return found;
}

const files = ROOTS.flatMap((r) => walk(join(root, r), [])).sort();
const picked = [];
const left = [];
for (const f of files) {
  const why = reason(f);
  (why ? picked : left).push({ file: relative(root, f), why: why && relative(root, why) });
}
if (process.argv.includes('--explain')) {
  console.info(`${picked.length} files use a database that TEST_PG_URL points at:`);
  for (const p of picked) console.info(`  ${p.file}${p.why !== p.file ? `  (through ${p.why})` : ''}`);
  const serverLeft = left.filter((l) => l.file.startsWith('server/'));
  console.info(`left out of server/ (no such database): ${serverLeft.map((l) => l.file).join(', ')}`);
} else {
  for (const p of picked) console.info(p.file);
}
