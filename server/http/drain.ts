import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How long a stop waits for the requests being answered. Below the 10 s a container runtime (Docker, Kubernetes)
 * gives between its SIGTERM and its SIGKILL, so the database is closed by us, not by the kill.
 */
export const STOP_GRACE_MS = 8_000;

/**
 * A stop that lets the requests being answered finish before the database closes: a submission under way when
 * the service restarts (a deploy, a SIGTERM) is stored and answered, not cut off with the database closed under
 * it, which the client would see as a failed send to try again. New connections are refused at once and idle
 * keep-alive connections closed; an answer given during the stop says `Connection: close`, so the client opens
 * its next request anew (on another instance, or after the restart).
 */
export function drainingStop(server: Server): (graceMs?: number) => Promise<void> {
  const open = new Set<ServerResponse>();
  let stopping = false;
  let settled: (() => void) | undefined;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    res.on('close', () => {
      open.delete(res);
      if (open.size === 0) settled?.();
    });
  });
  return async (graceMs = STOP_GRACE_MS) => {
    stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // the answers still to come close their connection too: the client sends its next request on a new one
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (open.size > 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        settled = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    // what is still open after the grace (a request that hangs), and the keep-alive connections the answers left
    server.closeAllConnections();
    await closed;
  };
}
