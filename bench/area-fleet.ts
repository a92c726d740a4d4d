// Fleet load: 1,000 devices ask GET /sync-state every 5 s (200 requests/s) while 50
// devices submit 200-entry rounds, on PostgreSQL with two server instances (separate processes) behind a
// round-robin balancer; then the same with one instance killed mid-run (its calls go to the other).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { MeasureRound } from '../schemas/api';
import { startRoundRobinProxy } from '../test/support/server/round-robin-proxy';
import { allowedCodes, inputTypeOf } from '../src/domain/input-type';
import { percentile, record } from './report';

const DEVICES = Number(process.env.FLEET_DEVICES ?? 1000);
const SYNC_EVERY_MS = 5_000;
const SUBMITTERS = 50;
/** each submitting device sends a round about this often: 5 rounds (1,000 values) per second in all */
const SUBMIT_EVERY_MS = 10_000;
const ENTRIES = 200;
/** /config as a probe of what any other caller sees meanwhile */
const CONFIG_EVERY_MS = 100;
const PHASE_MS = Number(process.env.FLEET_PHASE_S ?? 40) * 1000;
/** connections, caches, JIT before the measured phases (the smoke, which measures nothing, skips it: 0) */
const WARMUP_MS = Number(process.env.FLEET_WARMUP_S ?? 5) * 1000;
const RETRIES = 3;

interface Samples {
  sync: number[];
  config: number[];
  submit: number[];
  errors: number;
  retries: number;
  /** answers that counted: a kind of call with none has lost its way (a changed route, a refused body) */
  ok: { sync: number; config: number; submit: number };
  /** the first failed call, to say what went wrong */
  firstError?: string;
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

/** CPU seconds used so far by a process (user + system), 0 when it is gone. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Seconds the process's main thread was ready to run but waited for a CPU (the machine's other work), 0 when it is gone. */
function runQueueSeconds(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return 0;
  }
}

/** CPU seconds of this cluster's processes: the children of the postmaster that runs backend `pid` (the pool's stay connected). */
function postgresCpuSeconds(backendPid: number): number {
  const postmaster = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
  const children = execFileSync('ps', ['--ppid', String(postmaster), '-o', 'pid='])
    .toString()
    .split('\n')
    .filter((l) => l.trim());
  return children.reduce((sum, pid) => sum + cpuSeconds(Number(pid)), 0);
}

/** One instance as production runs it: its own process (killed with SIGKILL below, as a crashed machine). */
async function startInstance(databaseUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
    const ok = await fetch(`${url}/hwe-api/v2/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance did not start: ${stderr}`);
}

/** A call as the app makes it: on a network error or 502/503 it is sent again (the balancer picks the other instance). */
async function call(url: string, init: RequestInit, s: Samples): Promise<Response | undefined> {
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    if (attempt > 0) {
      s.retries++;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status !== 502 && res.status !== 503) return res;
    } catch {
      // connection refused or dropped: try again
    }
  }
  return undefined;
}

function roundPost(defs: MeasureRound['entries'], seq: number) {
  // distinct times per submission, in the past (the history window is 60 days)
  const base = Date.now() - 86_400_000 - seq * ENTRIES * 1000;
  return {
    instanceId: crypto.randomUUID(),
    creationTime: new Date(base).toISOString(),
    entries: Array.from({ length: ENTRIES }, (_, i) => {
      const e = defs[i % defs.length];
      if (!e) throw new Error('demo round 1 has no entries');
      return {
        tsId: e.tsId,
        staNumber: e.staNumber,
        dt: new Date(base - i * 1000).toISOString(),
        value: allowedCodes(inputTypeOf(e))?.[(seq + i) % 2] ?? seq + i / 1000,
      };
    }),
  };
}

/** Runs the fleet against `origin` for `ms`; `during` runs alongside (the kill). */
async function runPhase(
  origin: string,
  defs: MeasureRound['entries'],
  ms: number,
  seq: { n: number },
  during?: () => Promise<void>,
): Promise<Samples> {
  const s: Samples = { sync: [], config: [], submit: [], errors: 0, retries: 0, ok: { sync: 0, config: 0, submit: 0 } };
  const api = `${origin}/hwe-api/v2`;
  const end = Date.now() + ms;
  const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
  const timed = async (
    kind: 'sync' | 'config' | 'submit',
    url: string,
    init: RequestInit,
    ok: (status: number) => boolean,
  ) => {
    const t0 = performance.now();
    const res = await call(url, init, s);
    s[kind].push(performance.now() - t0);
    if (res && ok(res.status)) s.ok[kind]++;
    else {
      s.errors++;
      s.firstError ??= `${init.method ?? 'GET'} ${url.replace(origin, '')}: ${res ? `HTTP ${res.status}` : 'no answer'}`;
    }
    return res;
  };
  const device = async (k: number) => {
    let etag: string | null = null;
    await sleep((k / DEVICES) * SYNC_EVERY_MS);
    while (Date.now() < end) {
      const next = Date.now() + SYNC_EVERY_MS;
      const res = await timed(
        'sync',
        `${api}/sync-state`,
        { headers: etag ? { 'If-None-Match': etag } : {} },
        (st) => st === 200 || st === 304,
      );
      etag = res?.headers.get('ETag') ?? etag;
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  const submitter = async (k: number) => {
    await sleep((k / SUBMITTERS) * SUBMIT_EVERY_MS);
    while (Date.now() < end) {
      const next = Date.now() + SUBMIT_EVERY_MS;
      const body = JSON.stringify(roundPost(defs, seq.n++));
      await timed(
        'submit',
        `${api}/measure-round/1`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
        (st) => st === 200,
      );
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  const prober = async () => {
    while (Date.now() < end) {
      const next = Date.now() + CONFIG_EVERY_MS;
      await timed('config', `${api}/config`, {}, (st) => st === 200);
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  await Promise.all([
    ...Array.from({ length: DEVICES }, (_, k) => device(k)),
    ...Array.from({ length: SUBMITTERS }, (_, k) => submitter(k)),
    prober(),
    during?.(),
  ]);
  return s;
}

/**
 * Where the CPU went in a phase: the instances, PostgreSQL, and this process (devices and balancer); and the
 * most sessions seen waiting for a lock at once (sampled each second), to tell lock waits from a busy machine.
 */
async function cpuOf(
  label: string,
  databaseUrl: string,
  pids: (number | undefined)[],
  run: () => Promise<Samples>,
): Promise<Samples> {
  const t0 = performance.now();
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  const backend = (await watcher.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  let lockWaits = 0;
  const timer = setInterval(() => {
    watcher
      .query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'")
      .then((r) => (lockWaits = Math.max(lockWaits, r.rows[0]?.n ?? 0)))
      .catch(() => undefined);
  }, 1000);
  const before = [...pids.map(cpuSeconds), postgresCpuSeconds(backend), process.cpuUsage()] as const;
  const waitedBefore = [...pids, process.pid].map(runQueueSeconds);
  const result = await run().finally(() => clearInterval(timer));
  const seconds = (performance.now() - t0) / 1000;
  // an instance killed meanwhile has no /proc entry any more: its share is unknown (shown as killed)
  const instances = pids.map((p, i) => (cpuSeconds(p) ? (cpuSeconds(p) - (before[i] as number)).toFixed(1) : 'killed'));
  const pgCpu = postgresCpuSeconds(backend) - (before[pids.length] as number);
  const self = process.cpuUsage(before[pids.length + 1] as NodeJS.CpuUsage);
  const own = (self.user + self.system) / 1e6;
  const waited = [...pids, process.pid].map((p, i) =>
    runQueueSeconds(p) ? (runQueueSeconds(p) - (waitedBefore[i] ?? 0)).toFixed(1) : 'killed',
  );
  await watcher.end();
  const calls = result.sync.length + result.config.length + result.submit.length;
  console.info(
    `  ${label}: ${calls} calls (${(calls / seconds).toFixed(0)}/s); CPU in ${seconds.toFixed(0)} s: instances ${instances.join(' + ')} s, PostgreSQL ${pgCpu.toFixed(1)} s, devices and balancer ${own.toFixed(1)} s; at most ${lockWaits} sessions waiting for a lock; ready but waiting for a CPU: instances ${waited.slice(0, -1).join(' + ')} s, devices and balancer ${waited.at(-1)} s; machine load ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`,
  );
  return result;
}

/** A phase in which some kind of call never got a good answer has lost its way: the area fails, saying how. */
function foundItsWay(label: string, s: Samples): void {
  for (const kind of ['sync', 'config', 'submit'] as const)
    if (s.ok[kind] === 0)
      throw new Error(
        `fleet ${label}: no ${kind} call of ${s[kind].length} got a good answer${s.firstError ? ` (first failure: ${s.firstError})` : ''}`,
      );
}

function report(label: string, s: Samples): void {
  const note = (xs: number[]) =>
    `n=${xs.length}, p50 ${percentile(xs, 50).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  record(
    `fleet ${label}: GET /sync-state p95 (${DEVICES} devices every 5 s)`,
    'node',
    [percentile(s.sync, 95)],
    'ms',
    50,
    { note: note(s.sync) },
  );
  record(`fleet ${label}: GET /config p95`, 'node', [percentile(s.config, 95)], 'ms', 50, { note: note(s.config) });
  record(
    `fleet ${label}: submissions of ${ENTRIES} entries p95 (${SUBMITTERS} devices)`,
    'node',
    [percentile(s.submit, 95)],
    'ms',
    250,
    { note: note(s.submit) },
  );
  record(`fleet ${label}: errors (after the client's retries)`, 'node', [s.errors], 'errors', 0, {
    note: `${s.retries} retries${s.firstError ? `; first: ${s.firstError}` : ''}`,
  });
}

/** The fleet on the PostgreSQL server `adminUrl` (a fresh database of its own is created there). */
export async function fleetLoad(databaseUrl: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fleet-'));
  // side by side, as a deployment starts them: their start-up work on the database is serialised by an advisory lock
  // (server/db/migrations.ts), and each start is mostly loading the server's modules
  const t0 = performance.now();
  const started = await Promise.allSettled([
    startInstance(databaseUrl, join(dir, 'a')),
    startInstance(databaseUrl, join(dir, 'b')),
  ]);
  const [a, b] = started.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
  if (!a || !b) {
    a?.child.kill('SIGKILL');
    b?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw started.find((r) => r.status === 'rejected')?.reason;
  }
  console.info(`  two instances started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const proxy = await startRoundRobinProxy([a.url, b.url]);
  try {
    const round = (await (await fetch(`${proxy.url}/hwe-api/v2/measure-round/1`)).json()) as MeasureRound;
    const defs = round.entries.filter((e) => !e.tsFormula);
    const seq = { n: 0 };
    if (WARMUP_MS > 0) await runPhase(proxy.url, defs, WARMUP_MS, seq); // warm-up: connections, caches, JIT
    const pids = [a.child.pid, b.child.pid];
    const both = await cpuOf('two instances', databaseUrl, pids, () => runPhase(proxy.url, defs, PHASE_MS, seq));
    report('two instances', both);
    foundItsWay('two instances', both);
    const killAt = PHASE_MS / 4;
    const killed = await cpuOf('one killed', databaseUrl, pids, () =>
      runPhase(proxy.url, defs, PHASE_MS, seq, async () => {
        await new Promise((r) => setTimeout(r, killAt));
        b.child.kill('SIGKILL');
      }),
    );
    report(`one of two killed after ${killAt / 1000} s`, killed);
    foundItsWay('one killed', killed);
    console.info(
      `  balancer: ${proxy.counts.join(' / ')} calls per instance, ${proxy.retried} sent again to the other instance`,
    );
  } finally {
    await proxy.close();
    a.child.kill('SIGTERM');
    b.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
