// Builds the app when dist/ is missing or older than its sources (used by `npm start` and the e2e tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'locales',
  'schemas',
  'replication',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function ensureBuild() {
  const built = existsSync('dist/sw.js') ? statSync('dist/sw.js').mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built >= sources) return;
  console.info(built ? 'sources changed since the last build: building the app…' : 'no build yet: building the app…');
  // Always a production build: under Vitest NODE_ENV is 'test', which would make Vite build the dev variant
  // (dev-mode checks that evaluate code, refused by the app's CSP).
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('building the app failed');
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
