import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { parseOr400, retryAfterHeader } from './errors';
import type { AppEnv } from './app-env';
import { readJsonBody } from './body';

/**
 * Test-only fault injection, off unless a test turns it on (startServer({ faultInjection: true }), or
 * FAULT_INJECTION=1 with FAULT_INJECTION_TOKEN); every `/__test__` call needs the token in `X-Fault-Token`:
 * queued faults answer matching API requests with an error status, drop the connection before handling
 * ('drop'), handle the request and then drop the connection so the answer is lost ('drop-after'), or handle it
 * after `delayMs` ('slow': a slow mobile link, so a test can watch progress).
 */
const FaultSchema = v.object({
  method: v.optional(v.string()),
  pathPattern: v.string(),
  status: v.union([
    v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
    v.picklist(['drop', 'drop-after', 'slow']),
  ]),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30_000)), 1_000),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
});
type Fault = v.InferOutput<typeof FaultSchema> & { regex: RegExp };

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number | 'dropped';
}

/** The header every test endpoint call carries: without it a page the tester visits could queue faults. */
export const FAULT_TOKEN_HEADER = 'X-Fault-Token';

export function createFaultInjector(token: string) {
  const faults: Fault[] = [];
  const log: RequestLogEntry[] = [];

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const fault = faults.find((f) => (!f.method || f.method === method) && f.regex.test(path));
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      if (fault.status === 'drop') {
        log.push({ method, path, status: 'dropped' });
        c.env.incoming.socket.destroy();
        return new Response(null, { status: 599 });
      }
      if (typeof fault.status === 'number') {
        log.push({ method, path, status: fault.status });
        // an injected 429/503 is answered like a real one, Retry-After included
        const retryAfter = retryAfterHeader(fault.status, undefined);
        return c.json(
          { message: `injected fault ${fault.status}` },
          fault.status as 500,
          retryAfter ? { 'Retry-After': retryAfter } : undefined,
        );
      }
      if (fault.status === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        await next();
        log.push({ method, path, status: c.res.status });
        return;
      }
      await next();
      log.push({ method, path, status: 'dropped' });
      c.env.incoming.socket.destroy();
      return;
    }
    await next();
    log.push({ method, path, status: c.res.status });
  };

  const reports: unknown[] = [];
  const routes = new Hono<AppEnv>()
    // A local receiver for the app's error reports (config errorReporting.url = '/__test__/error-reports'): the
    // app posts like to any configured endpoint, without the token; it only records, and reading needs the token.
    .post('/error-reports', async (c) => {
      reports.push(await readJsonBody(c));
      return c.json({ received: reports.length });
    })
    .use(async (c, next) => {
      const given = Buffer.from(c.req.header(FAULT_TOKEN_HEADER) ?? '');
      const expected = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return c.json({ message: `${FAULT_TOKEN_HEADER}: the fault injection token is required` }, 403);
      await next();
    })
    .post('/faults', async (c) => {
      const fault = parseOr400(FaultSchema, await readJsonBody(c));
      faults.push({ ...fault, regex: new RegExp(fault.pathPattern) });
      return c.json({ queued: faults.length });
    })
    .delete('/faults', (c) => {
      faults.length = 0;
      return c.json({ queued: 0 });
    })
    .get('/requests', (c) => c.json(log))
    .get('/error-reports', (c) => c.json(reports));

  return { middleware, routes };
}

/**
 * How tests call `/__test__/<path>` of a server started with fault injection: the token, and JSON bodies typed.
 * @internal test infrastructure: the e2e harness and server tests drive fault injection through it.
 */
export function testEndpoint(
  server: { url: string; faultToken?: string },
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = {
    [FAULT_TOKEN_HEADER]: server.faultToken ?? '',
    ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    ...(init.headers as Record<string, string> | undefined),
  };
  return fetch(`${server.url}/__test__/${path}`, { ...init, headers });
}
