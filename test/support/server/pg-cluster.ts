import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away PostgreSQL cluster a test can stop and start again (a restart, a failover), as scripts/with-postgres.sh runs it. */
export interface PgCluster {
  /** the `postgres` database of the cluster */
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** Debian's newest PostgreSQL binaries, or undefined when PostgreSQL is not installed (the test is skipped). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(bin: string): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user
  if (root)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  // under a moved clock (scripts/test-at.sh), as in scripts/with-postgres.sh: su runs without libfaketime, whose
  // shared clock is root's, and the command gets it back with a clock of its own (the same offset)
  const { LD_PRELOAD: preload, FAKETIME_SHARED: _shared, ...suEnv } = process.env;
  const run = (args: string[]) => {
    const cmd = (preload ? `LD_PRELOAD='${preload}' ` : '') + args.map((a) => `'${a}'`).join(' ');
    execFileSync(root ? 'su' : 'bash', root ? ['postgres', '-s', '/bin/bash', '-c', cmd] : ['-c', cmd], {
      stdio: 'pipe',
      env: root ? suEnv : process.env,
    });
  };
  run([join(bin, 'initdb'), '-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  const start = () =>
    run([
      join(bin, 'pg_ctl'),
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => run([join(bin, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy() {
      try {
        run([join(bin, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
