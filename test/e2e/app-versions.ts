import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startServer } from '../../server/app';
import { seedPgliteFromTemplate } from '../support/server/pglite-template';
import { tempDir, type TestServer } from './harness';

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  // NODE_ENV is 'test' under vitest: Vite would then build with import.meta.env.DEV (RxDB dev-mode and ajv)
  const child = spawn(command, args, { env: { ...process.env, NODE_ENV: 'production', ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`)),
    );
  });
}

const NEXT_CONFIG = 'test/e2e/next-schema.vite.config.ts';
/** The second build, kept between runs: it is built from the same sources as `dist` (global-setup rebuilds that). */
const NEXT_CACHE = 'node_modules/.cache/e2e-next-schema';
/** What the cached build was made from: the `dist` it goes with (its service worker's time) and the bump's config. */
const nextStamp = () => `${statSync('dist/sw.js').mtimeMs} ${statSync(NEXT_CONFIG).mtimeMs}`;

/**
 * Builds "the next version" (the same sources with the schema bump of next-schema.vite.config.ts), about 10–30 s
 * on a quiet machine, or reuses the one built for the same `dist` before. Returns its directory.
 */
async function buildNextSchemaVersion(): Promise<string> {
  const stampFile = join(NEXT_CACHE, '.stamp');
  const stamp = nextStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return NEXT_CACHE;
  const building = `${NEXT_CACHE}.${process.pid}`;
  await run('npx', ['vite', 'build', '--config', NEXT_CONFIG, '--outDir', building, '--emptyOutDir']);
  await run('node', ['workers/build-sw.mjs'], { BUILD_DIR: building });
  writeFileSync(join(building, '.stamp'), stamp);
  rmSync(NEXT_CACHE, { recursive: true, force: true });
  renameSync(building, NEXT_CACHE);
  return NEXT_CACHE;
}

export interface AppVersions {
  server: () => TestServer;
  /** the directory the server serves: a copy of `dist` that a test turns into the next version */
  appDir: string;
  /** a browser profile of the running test (a new one for each test and each retry), so one user's tabs share
   * their service worker and database */
  profileDir: () => string;
  /**
   * the directory of the second build (only with `nextSchema`), once built: it is built (or taken from the cache)
   * while the test works on the first version
   */
  nextDir: () => Promise<string>;
  /** deploys a new version whose only change is the service worker script (the update prompt appears) */
  touchServiceWorker: (note: string) => void;
  /** deploys the second build over the served one (only with `nextSchema`), once built */
  deployNext: () => Promise<void>;
}

/**
 * One server for a test file that serves its own copy of the built app (with the demo data), so the test can
 * deploy "the next version" under a running browser: a changed service worker, or with `nextSchema` a real second
 * build whose database schema is one version higher. Started before the file's tests, removed after them.
 */
export function appVersions(prefix: string, opts: { nextSchema?: boolean } = {}): AppVersions {
  const data = tempDir(`${prefix}data-`);
  let profile: ReturnType<typeof tempDir> | undefined;
  const app = tempDir(`${prefix}app-`);
  let next: Promise<string> | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    if (opts.nextSchema) {
      next = buildNextSchemaVersion();
      next.catch(() => undefined); // awaited by the test: a failed build fails it there
    }
    await seedPgliteFromTemplate(data.path); // the demo database, copied (test/support/server/pglite-template.ts)
    server = await startServer({ port: 0, dataDir: data.path, staticDir: app.path, demo: true });
  });
  // Every test, and a retry of a test, starts on the first version in a new profile: a retry after a deploy
  // would otherwise start on the version the failed try deployed, with that try's service worker and database.
  beforeEach(() => {
    rmSync(app.path, { recursive: true, force: true });
    cpSync('dist', app.path, { recursive: true });
    profile?.remove();
    profile = tempDir(`${prefix}profile-`);
  });
  afterAll(async () => {
    await next?.catch(() => undefined);
    await server?.close();
    for (const d of [data, profile, app]) d?.remove();
  });
  const nextDir = () => {
    if (!next) throw new Error('appVersions without nextSchema has no second build');
    return next;
  };
  return {
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    appDir: app.path,
    profileDir: () => {
      if (!profile) throw new Error('no profile outside a test');
      return profile.path;
    },
    nextDir,
    touchServiceWorker: (note) => appendFileSync(join(app.path, 'sw.js'), `\n// ${note}\n`),
    deployNext: async () =>
      cpSync(await nextDir(), app.path, { recursive: true, filter: (src) => !src.endsWith('.stamp') }),
  };
}
