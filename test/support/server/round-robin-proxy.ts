import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small load balancer for tests and the fleet benchmark: round robin over the instances. */
export interface RoundRobinProxy {
  url: string;
  /** requests forwarded per instance, and requests retried on another one after a connection error */
  counts: number[];
  retried: number;
  close(): Promise<void>;
}

/**
 * Forwards each request to the next instance in turn. Like a load balancer's passive health check, a request
 * whose instance refuses or drops the connection before answering is sent to the next one (bodies are
 * buffered, so a POST can be sent again; the server's submissions and uploads are idempotent), and the
 * failed instance is skipped for `downMs`.
 */
export async function startRoundRobinProxy(instances: readonly string[], downMs = 2_000): Promise<RoundRobinProxy> {
  const counts = instances.map(() => 0);
  const downUntil = instances.map(() => 0);
  let next = 0;
  let retried = 0;
  // kept-alive connections to the instances, as a balancer keeps them (a new connection per call costs more than the call)
  const agents = instances.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
  const pick = (): number => {
    for (let i = 0; i < instances.length; i++) {
      const k = next++ % instances.length;
      if (downUntil[k]! <= Date.now()) return k;
    }
    return next++ % instances.length;
  };
  const forward = (k: number, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const target = new URL(path, instances[k]);
      const req = request(target, { method, headers: { ...headers, host: target.host }, agent: agents[k] }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        for (let attempt = 0; attempt < instances.length; attempt++) {
          const k = pick();
          counts[k]!++;
          try {
            const answer = await forward(k, req.method ?? 'GET', req.url ?? '/', req.headers, body);
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            delete headers.connection;
            delete headers['keep-alive'];
            res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) }).end(answer.body);
            return;
          } catch {
            downUntil[k] = Date.now() + downMs;
            retried++;
          }
        }
        res
          .writeHead(502, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ message: 'no instance answered' }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    get retried() {
      return retried;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const agent of agents) agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
