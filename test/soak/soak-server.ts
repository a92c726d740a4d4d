import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/app';
import { FaultProxy } from './fault-proxy';

type Running = Awaited<ReturnType<typeof startServer>>;

/**
 * The reference server (PGlite in a temporary directory, with the demo data, as the e2e tests run it) behind the fault proxy.
 * `restart` stops it and starts it again on the same data directory; the proxy cuts connections meanwhile.
 */
export class SoakServer {
  readonly proxy = new FaultProxy();
  private running: Running | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'soak-'));
  restarts = 0;

  constructor(private readonly staticDir?: string) {}

  /** The server itself, without faults (the checks read from here). */
  get directUrl(): string {
    if (!this.running) throw new Error('server down');
    return this.running.url;
  }

  /** The server's database (the checks read what the API does not list, e.g. a task by its id). */
  get db(): Running['db'] {
    if (!this.running) throw new Error('server down');
    return this.running.db;
  }

  async start(): Promise<void> {
    this.running = await startServer({
      port: 0,
      dataDir: this.dir,
      demo: true,
      ...(this.staticDir ? { staticDir: this.staticDir } : {}),
    });
    await this.proxy.start(this.running.port);
  }

  async restart(): Promise<void> {
    this.proxy.setTarget(undefined);
    await this.running?.close();
    this.running = await startServer({
      port: 0,
      dataDir: this.dir,
      demo: true,
      ...(this.staticDir ? { staticDir: this.staticDir } : {}),
    });
    this.proxy.setTarget(this.running.port);
    this.restarts += 1;
  }

  async getJson<T>(path: string): Promise<{ status: number; data: T | undefined; headers: Headers }> {
    const res = await fetch(`${this.directUrl}/hwe-api/v2${path}`);
    const data = res.ok ? ((await res.json()) as T) : undefined;
    if (!res.ok) await res.body?.cancel();
    return { status: res.status, data, headers: res.headers };
  }

  async stop(): Promise<void> {
    await this.proxy.close();
    await this.running?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
