import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startServer } from '../../server/app';
import { seedPgliteFromTemplate } from '../support/server/pglite-template';
import { tempDir, type TestServer } from './harness';

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  // NODE_ENV is 'test' under vitest: Vite would then build with import.meta.env.DEV (RxDB dev-mode and ajv)
  const result = spawnSync(command, args, {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Builds "the next version" into `outDir`: the same sources with the schema bump of next-schema.vite.config.ts. */
function buildNextSchemaVersion(outDir: string): void {
  // about 10–30 s
  run('npx', ['vite', 'build', '--config', 'test/e2e/next-schema.vite.config.ts', '--outDir', outDir, '--emptyOutDir']);
  run('node', ['workers/build-sw.mjs'], { BUILD_DIR: outDir });
}

export interface AppVersions {
  server: () => TestServer;
  /** the directory the server serves: a copy of `dist` that a test turns into the next version */
  appDir: string;
  /** a browser profile of the running test (a new one for each test and each retry), so one user's tabs share
   * their service worker and database */
  profileDir: () => string;
  /** the directory of the second build (only with `nextSchema`) */
  nextDir: () => string;
  /** deploys a new version whose only change is the service worker script (the update prompt appears) */
  touchServiceWorker: (note: string) => void;
  /** deploys the second build over the served one (only with `nextSchema`) */
  deployNext: () => void;
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
  const next = opts.nextSchema ? tempDir(`${prefix}next-`) : undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    if (next) buildNextSchemaVersion(next.path);
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
    await server?.close();
    for (const d of [data, profile, app, next]) d?.remove();
  });
  const nextDir = () => {
    if (!next) throw new Error('appVersions without nextSchema has no second build');
    return next.path;
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
    deployNext: () => cpSync(nextDir(), app.path, { recursive: true }),
  };
}
