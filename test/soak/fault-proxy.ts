import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fault does to one request passing the proxy. */
export type ProxyFaultKind =
  /** answered 502 by the proxy; the server never sees the request */
  | '502-before'
  /** forwarded, the server stores it, then the answer is replaced by a 502 */
  | '502-after'
  /** forwarded, the server stores it, then the connection is cut without an answer */
  | 'drop-after'
  /** forwarded after a pause */
  | 'delay'
  /** the connection is cut before the server sees the request (network gone, server down) */
  | 'drop-before';

/** Which requests a fault waits for. */
export type RequestKind = 'values' | 'image' | 'decision' | 'any-post';

export interface ArmedFault {
  kind: ProxyFaultKind;
  on: RequestKind;
  /** for 'delay' */
  delayMs?: number;
  /** called when the fault fires, before the request goes on (e.g. the soak kills the browser here) */
  onHit?: () => Promise<void> | void;
  /** a label counted instead of `kind` (e.g. 'kill' when onHit kills the device) */
  label?: string;
}

export interface ProxyLogEntry {
  method: string;
  path: string;
  /** the server's status, absent when the server never answered (down, or the request was not forwarded) */
  upstreamStatus?: number;
  /** what the client got: a status, or 'dropped' */
  answered: number | 'dropped';
  fault?: string;
}

export function requestKind(method: string, path: string): RequestKind | undefined {
  if (method !== 'POST') return undefined;
  if (/\/hwe-api\/v2\/measure-round\/[^/]+$/.test(path)) return 'values';
  if (/\/hwe-api\/v2\/measure-round\/[^/]+\/image\/[^/]+$/.test(path)) return 'image';
  if (/\/hwe-api\/v2\/completed-measure-round\/[^/?]+$/.test(path)) return 'decision';
  return undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * An HTTP proxy in front of the reference server that injects the faults armed on it, each on the next request
 * of its kind. While the target is down (a server restart) every connection is cut, as a browser sees it.
 */
export class FaultProxy {
  private server: Server | undefined;
  private armed: ArmedFault[] = [];
  private target: number | undefined;
  readonly log: ProxyLogEntry[] = [];
  /** faults that fired, by label */
  readonly fired = new Map<string, number>();

  get url(): string {
    const port = (this.server?.address() as AddressInfo | null)?.port;
    if (!port) throw new Error('proxy not started');
    return `http://localhost:${port}`;
  }

  async start(targetPort: number, port = 0): Promise<void> {
    this.target = targetPort;
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  /** The server went down (undefined) or came back on a port. */
  setTarget(port: number | undefined): void {
    this.target = port;
  }

  arm(fault: ArmedFault): void {
    this.armed.push(fault);
  }

  /** Drops the faults that never met their request (they are not counted). */
  disarm(): void {
    this.armed = [];
  }

  count(label: string): void {
    this.fired.set(label, (this.fired.get(label) ?? 0) + 1);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private take(kind: RequestKind | undefined): ArmedFault | undefined {
    if (!kind) return undefined;
    const i = this.armed.findIndex((f) => f.on === kind || f.on === 'any-post');
    if (i < 0) return undefined;
    const [fault] = this.armed.splice(i, 1);
    return fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const fault = this.take(requestKind(method, path));
    const entry: ProxyLogEntry = {
      method,
      path,
      answered: 'dropped',
      ...(fault ? { fault: fault.label ?? fault.kind } : {}),
    };
    this.log.push(entry);
    if (fault) {
      this.count(fault.label ?? fault.kind);
      await fault.onHit?.();
    }
    if (fault?.kind === '502-before') {
      entry.answered = 502;
      res
        .writeHead(502, { 'Content-Type': 'application/json' })
        .end('{"message":"soak proxy: bad gateway (not forwarded)"}');
      return;
    }
    if (fault?.kind === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'delay') await sleep(fault.delayMs ?? 200);
    const upstream = await this.forward(method, path, req.headers, body).catch(() => undefined);
    if (!upstream) {
      req.socket.destroy();
      return;
    }
    entry.upstreamStatus = upstream.status;
    if (fault?.kind === '502-after') {
      entry.answered = 502;
      res
        .writeHead(502, { 'Content-Type': 'application/json' })
        .end('{"message":"soak proxy: bad gateway (after the server answered)"}');
      return;
    }
    if (fault?.kind === 'drop-after') {
      req.socket.destroy();
      return;
    }
    entry.answered = upstream.status;
    res.writeHead(upstream.status, upstream.headers).end(upstream.body);
  }

  private forward(
    method: string,
    path: string,
    headers: IncomingMessage['headers'],
    body: Buffer,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const port = this.target;
    if (port === undefined) return Promise.reject(new Error('server down'));
    return new Promise((resolve, reject) => {
      const { host: _host, connection: _connection, ...rest } = headers;
      const out = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { ...rest, host: `localhost:${port}`, 'content-length': String(body.length) },
        },
        (up) => {
          const parts: Buffer[] = [];
          up.on('data', (c: Buffer) => parts.push(c));
          up.on('end', () => {
            const { connection: _c, 'transfer-encoding': _t, 'keep-alive': _k, ...h } = up.headers;
            resolve({ status: up.statusCode ?? 502, headers: h, body: Buffer.concat(parts) });
          });
          up.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }
}
